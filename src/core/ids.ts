/**
 * Deterministic ids: RFC 4122 name-based UUIDs (version 5, SHA-1), with a small SHA-1 of
 * our own (`sha1.ts`) so that the engine stays pure and runtime-neutral (no `node:crypto`, no
 * `TextEncoder`). Same name → same id, on every machine and every run.
 */
import { ValidationError, issue } from "./issue.js";
import { SHA1_STATE, loadMessage, loadStringArray, loadTextParts, sha1Words } from "./sha1.js";

/** RFC 4122 appendix C namespaces. */
export const NAMESPACE_DNS = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
export const NAMESPACE_URL = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";
/** The project's namespace: `uuidV5("urn:ratecard:ids", NAMESPACE_URL)`. Ids made in it never change. */
export const RATECARD_NAMESPACE = "16f2e3a3-5c32-5128-bb4b-e2bb02eb90f4";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for the canonical 8-4-4-4-12 hex form (any version, either case). */
export function isUuid(x: unknown): x is string {
  return typeof x === "string" && UUID_RE.test(x);
}

/**
 * The version-5 UUID of `name` in `namespace` (RFC 4122 §4.3): SHA-1 of the namespace's 16
 * bytes then the name's UTF-8 bytes, version 5, variant 10, lower-case hex.
 * @example uuidV5("www.example.com", NAMESPACE_DNS) //=> "2ed6657d-e927-568b-95e1-2665a8aea6a2"
 * @throws ValidationError (`namespace: invalid_value`) when the namespace is not a UUID.
 */
export function uuidV5(name: string, namespace: string = RATECARD_NAMESPACE): string {
  if (namespace !== lastNamespace) {
    if (!isUuid(namespace)) throw new ValidationError([issue("invalid_value", ["namespace"])]);
    lastNamespaceBytes = hexToBytes(namespace.replace(/-/g, ""));
    lastNamespace = namespace;
  }
  // No allocation but the result (one flat string): ids are made for every event, fee and invoice.
  sha1Words(loadMessage(lastNamespaceBytes, name));
  return digestUuid();
}

/** The version-5 UUID of the digest in SHA1_STATE. */
function digestUuid(): string {
  const h = SHA1_STATE;
  const w0 = h[0]!, w1 = h[1]!, w2 = h[2]!, w3 = h[3]!;
  hexAt(0, w0 >>> 24); hexAt(2, w0 >>> 16); hexAt(4, w0 >>> 8); hexAt(6, w0);
  hexAt(9, w1 >>> 24); hexAt(11, w1 >>> 16);
  hexAt(14, ((w1 >>> 8) & 0x0f) | 0x50); hexAt(16, w1);
  hexAt(19, ((w2 >>> 24) & 0x3f) | 0x80); hexAt(21, w2 >>> 16);
  hexAt(24, w2 >>> 8); hexAt(26, w2);
  hexAt(28, w3 >>> 24); hexAt(30, w3 >>> 16); hexAt(32, w3 >>> 8); hexAt(34, w3);
  return String.fromCharCode.apply(null, CHARS);
}

const RATECARD_NAMESPACE_BYTES = hexToBytes(RATECARD_NAMESPACE.replace(/-/g, ""));
let lastNamespace = RATECARD_NAMESPACE;
let lastNamespaceBytes = hexToBytes(RATECARD_NAMESPACE.replace(/-/g, ""));
/** The 36 character codes of the id being written (dashes in place). */
const CHARS: number[] = Array.from({ length: 36 }, (_, i) => (i === 8 || i === 13 || i === 18 || i === 23 ? 45 : 48));
const HEX_DIGITS = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];
function hexAt(pos: number, byte: number): void {
  CHARS[pos] = HEX_DIGITS[(byte >>> 4) & 15]!;
  CHARS[pos + 1] = HEX_DIGITS[byte & 15]!;
}

/** A part of a stable path: text, a finite number, a boolean, null, or lists and records of them. */
export type StablePart = string | number | boolean | null | readonly StablePart[] | { readonly [key: string]: StablePart | undefined };

/**
 * The id of the thing named by `kind` and a path of parts, in {@link RATECARD_NAMESPACE}.
 * The name hashed is the canonical JSON of `[kind, ...parts]` (record keys sorted, keys
 * with an undefined value left out), so parts never run into each other: `("a/b", "c")`,
 * `("a", "b/c")`, `(null)` and `("null")` all give different ids.
 * @example stableId("fee", "sub_1", "charge", "ch_1", null, {}, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z")
 * @throws ValidationError naming each bad part (`kind: value_is_mandatory`, `path.2: invalid_value` for NaN…).
 */
export function stableId(kind: string, ...pathParts: readonly StablePart[]): string {
  // Texts only (events' ids): their canonical JSON written straight into the digest's buffer.
  if (typeof kind === "string" && kind !== "" && pathParts.every((p) => typeof p === "string")) {
    const texts = [kind, ...(pathParts as readonly string[])];
    const n = loadStringArray(RATECARD_NAMESPACE_BYTES, texts);
    if (n >= 0) {
      sha1Words(n);
      return digestUuid();
    }
  }
  // Texts, nulls and flat records of texts (a fee's path): written straight into the digest's buffer.
  if (typeof kind === "string" && kind !== "") {
    const n = loadTextParts(RATECARD_NAMESPACE_BYTES, kind, pathParts);
    if (n >= 0) {
      sha1Words(n);
      return digestUuid();
    }
  }
  // The common case — text and finite numbers — in one pass, with the same name as below.
  if (typeof kind === "string" && kind !== "") {
    let name = "[" + JSON.stringify(kind);
    let simple = true;
    for (let i = 0; i < pathParts.length; i++) {
      const p = pathParts[i];
      if (typeof p === "string") name += "," + JSON.stringify(p);
      else if (typeof p === "number" && Number.isFinite(p)) name += "," + (Object.is(p, -0) ? "0" : JSON.stringify(p));
      else if (p === null) name += ",null";
      else {
        const record = flatRecordText(p);
        if (record === undefined) {
          simple = false;
          break;
        }
        name += "," + record;
      }
    }
    if (simple) return uuidV5(name + "]");
  }
  const bad: (string | number)[][] = [];
  const texts = pathParts.map((p, i) => canonical(p, ["path", i], bad));
  const issues = [
    ...(typeof kind === "string" && kind !== "" ? [] : [issue("value_is_mandatory", ["kind"])]),
    ...bad.map((p) => issue("invalid_value", p)),
  ];
  const [first, ...rest] = issues;
  if (first !== undefined) throw new ValidationError([first, ...rest]);
  return uuidV5(`[${[JSON.stringify(kind), ...texts].join(",")}]`);
}

/**
 * `stableId(kind, a, b)` for two texts (an event's id, a fee's applied tax): the same id, with
 * nothing allocated but the id itself (no rest-parameter or path arrays; a hundred thousand per year).
 */
export function stableTextId(kind: string, a: string, b: string): string {
  if (kind !== "") {
    TEXTS3[0] = kind;
    TEXTS3[1] = a;
    TEXTS3[2] = b;
    const n = loadStringArray(RATECARD_NAMESPACE_BYTES, TEXTS3);
    TEXTS3[1] = TEXTS3[2] = "";
    if (n >= 0) {
      sha1Words(n);
      return digestUuid();
    }
  }
  return stableId(kind, a, b);
}

const TEXTS3: string[] = ["", "", ""];

/**
 * The canonical text of a record whose values are all texts or null (a fee's `grouped_by`):
 * keys sorted, `undefined` values left out — what {@link canonical} writes — or undefined for
 * anything else.
 */
function flatRecordText(x: unknown): string | undefined {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return undefined;
  const keys = Object.keys(x).sort();
  let text = "{";
  let first = true;
  for (const k of keys) {
    const v = (x as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (typeof v !== "string" && v !== null) return undefined;
    text += (first ? "" : ",") + JSON.stringify(k) + ":" + JSON.stringify(v);
    first = false;
  }
  return text + "}";
}

function canonical(x: unknown, path: (string | number)[], bad: (string | number)[][]): string {
  if (x === null || typeof x === "string" || typeof x === "boolean") return JSON.stringify(x);
  if (typeof x === "number") {
    if (!Number.isFinite(x)) bad.push(path);
    return Object.is(x, -0) ? "0" : JSON.stringify(x);
  }
  if (Array.isArray(x)) return `[${x.map((v, i) => canonical(v, [...path, i], bad)).join(",")}]`;
  if (typeof x === "object") {
    const entries = Object.entries(x as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, [...path, k], bad)}`).join(",")}}`;
  }
  bad.push(path); // undefined, bigint, function, symbol
  return "";
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

