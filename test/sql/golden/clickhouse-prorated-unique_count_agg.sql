WITH cand AS (
  SELECT id AS _id, external_subscription_id AS _sub, transaction_id AS _tx, timestamp AS _t, properties AS _p, precise_total_amount_cents AS _pr FROM `events`
  WHERE code = {p2:String} AND timestamp <= fromUnixTimestamp64Milli({p1:Int64}, 'UTC') AND external_subscription_id = {p3:String}
), firsts AS (
  SELECT external_subscription_id, transaction_id, min(id) FROM `events`
  WHERE (external_subscription_id, transaction_id) IN (SELECT _sub, _tx FROM cand) GROUP BY external_subscription_id, transaction_id
), marked AS (
  SELECT *, (_sub, _tx, _id) NOT IN (SELECT * FROM firsts) AS _dup FROM cand
), sel AS (
  SELECT _tx, _sub, _t, _p, _pr, if(mapContains(_p, {p9:String}), _p[{p9:String}], NULL) AS _v, CAST([if(mapContains(_p, {p8:String}), nullIf(_p[{p8:String}], ''), NULL)] AS Array(Nullable(String))) AS _g FROM marked WHERE NOT _dup AND (mapContains(_p, {p4:String}) AND has({p5:Array(String)}, _p[{p4:String}])) AND NOT ((has({p6:Array(String)}, _p[{p4:String}]) AND has({p7:Array(String)}, _p[{p8:String}])))
), val AS (
  SELECT *, 1 AS _ok FROM sel
)
SELECT CAST('d' AS String) AS k, CAST([] AS Array(Nullable(String))) AS g, CAST(_tx AS Nullable(String)) AS tx, CAST(NULL AS Nullable(String)) AS sub, CAST(NULL AS Nullable(DateTime64(3, 'UTC'))) AS t, CAST(NULL AS Nullable(UInt64)) AS n, CAST(NULL AS Nullable(String)) AS x, CAST(NULL AS Nullable(String)) AS y, CAST(NULL AS Nullable(String)) AS v, CAST(NULL AS Nullable(Int32)) AS s, CAST(NULL AS Nullable(Int32)) AS e, CAST(NULL AS Nullable(Int32)) AS f FROM marked WHERE _dup
UNION ALL SELECT CAST('o' AS String) AS k, CAST(_g AS Array(Nullable(String))) AS g, CAST(_tx AS Nullable(String)) AS tx, CAST(_sub AS Nullable(String)) AS sub, CAST(_t AS Nullable(DateTime64(3, 'UTC'))) AS t, CAST(NULL AS Nullable(UInt64)) AS n, CAST(NULL AS Nullable(String)) AS x, CAST(NULL AS Nullable(String)) AS y, CAST(_v AS Nullable(String)) AS v, CAST(if(_p['operation_type'] = 'remove', 0, 1) AS Nullable(Int32)) AS s, CAST(NULL AS Nullable(Int32)) AS e, CAST(NULL AS Nullable(Int32)) AS f FROM val
-- values: [1711929599000,"storage","sub_1","region",["eu","us"],["eu"],["aws"],"cloud","gb"]
