WITH cand AS (
  SELECT e.transaction_id AS tx, e.external_subscription_id AS sub, e."timestamp" AS t, e.properties AS p, e.precise_total_amount_cents AS precise,
    EXISTS (SELECT 1 FROM "events" AS f WHERE f.external_subscription_id = e.external_subscription_id AND f.transaction_id = e.transaction_id AND f.id < e.id) AS dup
  FROM "events" AS e
  WHERE e.code = $2 AND e."timestamp" <= $1::timestamptz AND e."timestamp" >= $3::timestamptz AND e.external_subscription_id = $4
), sel AS (
  SELECT tx, sub, t, p, precise, p ->> ($10::text) AS v, NULL::text AS xerr, ARRAY[NULLIF(p ->> ($8::text), '')]::text[] AS g FROM cand WHERE NOT dup AND COALESCE(p ->> ($5::text) = ANY($6::text[]), FALSE) AND NOT ((COALESCE(p ->> ($5::text), '') = ANY($7::text[]) AND COALESCE(p ->> ($8::text), '') = ANY($9::text[])))
), val AS (
  SELECT sel.*, ok, (CASE WHEN ok THEN v END)::numeric AS num FROM sel, LATERAL (SELECT xerr IS NULL AND COALESCE(v ~ '^-?[0-9]+([.][0-9]+)?$', FALSE) AS ok) AS o
)
SELECT 'd' AS k, NULL::text[] AS g, tx AS tx, NULL::text AS sub, NULL::timestamptz AS t, NULL::bigint AS n, NULL::numeric AS x, NULL::numeric AS y, NULL::text AS v, NULL::integer AS s, NULL::text AS m FROM cand WHERE dup
UNION ALL SELECT 'w' AS k, NULL::text[] AS g, tx AS tx, sub AS sub, t AS t, NULL::bigint AS n, NULL::numeric AS x, NULL::numeric AS y, CASE WHEN xerr IS NOT NULL THEN 'expression_error' WHEN v IS NULL THEN 'field_missing' ELSE 'not_a_number' END AS v, NULL::integer AS s, xerr AS m FROM val WHERE NOT ok
UNION ALL SELECT 's' AS k, g AS g, NULL::text AS tx, NULL::text AS sub, NULL::timestamptz AS t, count(*) AS n, NULL::numeric AS x, NULL::numeric AS y, NULL::text AS v, NULL::integer AS s, NULL::text AS m FROM val WHERE ok GROUP BY g
UNION ALL (SELECT 'l' AS k, g AS g, tx AS tx, sub AS sub, t AS t, NULL::bigint AS n, num AS x, NULL::numeric AS y, NULL::text AS v, NULL::integer AS s, NULL::text AS m FROM (SELECT DISTINCT ON (g) g, tx, sub, t, num FROM val WHERE ok ORDER BY g, t DESC, tx COLLATE "C" DESC, sub COLLATE "C" DESC) AS l)
-- values: ["2024-03-31T23:59:59.000Z","storage","2024-03-01T00:00:00.000Z","sub_1","region",["eu","us"],["eu"],"cloud",["aws"],"gb"]
