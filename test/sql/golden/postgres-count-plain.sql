WITH cand AS (
  SELECT e.transaction_id AS tx, e.external_subscription_id AS sub, e."timestamp" AS t, e.properties AS p, e.precise_total_amount_cents AS precise,
    EXISTS (SELECT 1 FROM "billing"."usage_events" AS f WHERE f.external_subscription_id = e.external_subscription_id AND f.transaction_id = e.transaction_id AND f.id < e.id) AS dup
  FROM "billing"."usage_events" AS e
  WHERE e.code = $2 AND e."timestamp" <= $1::timestamptz AND e."timestamp" >= $3::timestamptz
), sel AS (
  SELECT tx, sub, t, p, precise, NULL::text AS v, NULL::text AS xerr, '{}'::text[] AS g FROM cand WHERE NOT dup AND TRUE
), val AS (
  SELECT sel.*, xerr IS NULL AS ok, NULL::numeric AS num FROM sel
)
SELECT 'd' AS k, NULL::text[] AS g, tx AS tx, NULL::text AS sub, NULL::timestamptz AS t, NULL::bigint AS n, NULL::numeric AS x, NULL::numeric AS y, NULL::text AS v, NULL::integer AS s, NULL::text AS m FROM cand WHERE dup
UNION ALL SELECT 's' AS k, g AS g, NULL::text AS tx, NULL::text AS sub, NULL::timestamptz AS t, count(*) AS n, NULL::numeric AS x, NULL::numeric AS y, NULL::text AS v, NULL::integer AS s, NULL::text AS m FROM val GROUP BY g
-- values: ["2024-03-31T23:59:59.000Z","calls","2024-03-01T00:00:00.000Z"]
