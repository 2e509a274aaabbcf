-- Differential: Foundation's answers (pairs.txt) against osd_case_insensitive_compare.
DROP TABLE IF EXISTS cic_pairs;
CREATE TEMP TABLE cic_pairs (id serial, a_cps text, b_cps text, expected bigint);
\copy cic_pairs (a_cps, b_cps, expected) FROM 'pairs.txt' WITH (FORMAT text, DELIMITER '|')
CREATE TEMP TABLE cic_strings AS
SELECT id, expected,
    coalesce((SELECT string_agg(chr(v::int), '' ORDER BY o) FROM unnest(string_to_array(nullif(a_cps, ''), ' ')) WITH ORDINALITY AS x(v, o)), '') AS a,
    coalesce((SELECT string_agg(chr(v::int), '' ORDER BY o) FROM unnest(string_to_array(nullif(b_cps, ''), ' ')) WITH ORDINALITY AS x(v, o)), '') AS b
FROM cic_pairs;
\timing on
CREATE TEMP TABLE cic_results AS SELECT id, a, b, expected, osd_case_insensitive_compare(a, b) AS got FROM cic_strings;
\timing off
SELECT count(*) AS pairs, count(*) FILTER (WHERE got IS DISTINCT FROM expected) AS disagreements FROM cic_results;
SELECT id, a, b, expected, got, (SELECT string_agg(to_hex(ascii(x)), ' ') FROM unnest(string_to_array(a, NULL)) x) AS a_hex,
    (SELECT string_agg(to_hex(ascii(x)), ' ') FROM unnest(string_to_array(b, NULL)) x) AS b_hex
FROM cic_results WHERE got IS DISTINCT FROM expected ORDER BY id LIMIT 30;
