WITH cand AS (
  SELECT e.transaction_id AS tx, e.external_subscription_id AS sub, e."timestamp" AS t, e.properties AS p, e.precise_total_amount_cents AS precise,
    EXISTS (SELECT 1 FROM "events" AS f WHERE f.external_subscription_id = e.external_subscription_id AND f.transaction_id = e.transaction_id AND f.id < e.id) AS dup
  FROM "events" AS e
  WHERE e.code = $2 AND e."timestamp" <= $1::timestamptz AND e.external_subscription_id = $3
), sel AS (
  SELECT tx, sub, t, p, precise, p ->> ($9::text) AS v, NULL::text AS xerr, ARRAY[NULLIF(p ->> ($7::text), '')]::text[] AS g FROM cand WHERE NOT dup AND COALESCE(p ->> ($4::text) = ANY($5::text[]), FALSE) AND NOT ((COALESCE(p ->> ($4::text), '') = ANY($6::text[]) AND COALESCE(p ->> ($7::text), '') = ANY($8::text[])))
), val AS (
  SELECT sel.*, xerr IS NULL AS ok, NULL::numeric AS num FROM sel
)
SELECT 'd' AS k, NULL::text[] AS g, tx AS tx, NULL::text AS sub, NULL::timestamptz AS t, NULL::bigint AS n, NULL::numeric AS x, NULL::numeric AS y, NULL::text AS v, NULL::integer AS s, NULL::text AS m FROM cand WHERE dup
UNION ALL SELECT 'o' AS k, g AS g, tx AS tx, sub AS sub, t AS t, NULL::bigint AS n, NULL::numeric AS x, NULL::numeric AS y, v AS v, CASE WHEN COALESCE(p ->> 'operation_type', '') = 'remove' THEN 0 ELSE 1 END AS s, NULL::text AS m FROM val WHERE ok
-- values: ["2024-03-31T23:59:59.000Z","storage","sub_1","region",["eu","us"],["eu"],"cloud",["aws"],"gb"]
