/* The host's one JSON writer and reader (framework/host/cli/json.c): what it writes is
 * RFC 8259 JSON that reads back to the same string, and the reader finds only top-level
 * keys, never text that looks like a key inside a string. */
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/json.h"

static char *written(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    json_put_string(f, s);
    fclose(f);
    return buf;
}

static void test_escapes(void **state)
{
    (void)state;
    /* RFC 8259 section 7: quote, backslash and C0 controls must be escaped; DEL and
     * UTF-8 need not be. */
    char *out = written("a\"b\\c\nd\te\x01" "f\x7f" "g\xc3\xa9");
    assert_string_equal(out, "\"a\\\"b\\\\c\\nd\\te\\u0001f\x7fg\xc3\xa9\"");
    free(out);
    out = written("");
    assert_string_equal(out, "\"\"");
    free(out);
}

static void test_invalid_utf8_becomes_replacement(void **state)
{
    (void)state;
    /* a lone continuation byte, a truncated sequence, an overlong '/', a surrogate */
    char *out = written("x\x80y\xe2\x82z\xc0\xafw\xed\xa0\x80v");
    assert_string_equal(out, "\"x\xef\xbf\xbdy\xef\xbf\xbd\xef\xbf\xbdz\xef\xbf\xbd\xef\xbf\xbd"
                             "w\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdv\"");
    free(out);
}

static void test_round_trip(void **state)
{
    (void)state;
    const char *s = "room \"x\"\\ {1|0}\n\x7f";
    char *lit = written(s);
    char line[256], buf[128];
    snprintf(line, sizeof line, "{\"sum\":%s}", lit);
    free(lit);
    json_t *obj = json_read_object(line);
    assert_non_null(obj);
    assert_true(json_text(obj, "sum", buf, sizeof buf));
    assert_string_equal(buf, s);
    json_decref(obj);
}

static void test_top_level_keys_only(void **state)
{
    (void)state;
    char buf[64];
    /* The substring "score":"5" occurs inside the sum's text and inside a nested object;
     * the record's own score is null. */
    const char *line = "{\"sum\":\"a \\\"score\\\":\\\"5\\\"\",\"inner\":{\"score\":\"7\"},"
                       "\"score\":null,\"game\":12,\"seconds\":0.25,\"ok\":true}";
    json_t *obj = json_read_object(line);
    assert_non_null(obj);
    assert_true(json_text(obj, "score", buf, sizeof buf));
    assert_string_equal(buf, "null");
    assert_true(json_text(obj, "game", buf, sizeof buf));
    assert_string_equal(buf, "12");
    assert_true(json_text(obj, "seconds", buf, sizeof buf));
    assert_true(strtod(buf, NULL) == 0.25);
    assert_true(json_text(obj, "ok", buf, sizeof buf));
    assert_string_equal(buf, "true");
    assert_false(json_text(obj, "inner", buf, sizeof buf)); /* an object has no text */
    assert_false(json_text(obj, "missing", buf, sizeof buf));
    assert_false(json_text(obj, "sum", buf, 4)); /* does not fit */
    json_decref(obj);
}

static void test_not_an_object(void **state)
{
    (void)state;
    char buf[8];
    assert_false(json_text(NULL, "game", buf, sizeof buf)); /* a line that did not parse */
    assert_null(json_read_object("not json"));
    assert_null(json_read_object("[1,2]"));
    assert_null(json_read_object("{\"game\":1"));
    assert_null(json_read_object("{\"a\":1,\"a\":2}")); /* a duplicate key is ambiguous */
}

static void test_writer(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    json_out o;
    json_out_init(&o, f);
    json_out_object(&o, NULL);
    json_out_string(&o, "a", "x\"y");
    json_out_array(&o, "list");
    json_out_uint(&o, NULL, 1);
    json_out_object(&o, NULL);
    json_out_end(&o);
    json_out_array(&o, NULL);
    json_out_end(&o);
    json_out_int(&o, NULL, -2);
    json_out_end(&o);
    json_out_null(&o, "n");
    json_out_string(&o, "s", NULL);
    json_out_bool(&o, "t", true);
    json_out_fixed(&o, "f", 0.5, 3);
    json_out_fixed(&o, "inf", INFINITY, 3);
    json_out_number(&o, "g", "1e-05");
    json_out_stringf(&o, "c", "%c%d", 'N', 7);
    json_out_end(&o);
    fclose(f);
    assert_string_equal(buf, "{\"a\":\"x\\\"y\",\"list\":[1,{},[],-2],\"n\":null,\"s\":null,"
                             "\"t\":true,\"f\":0.500,\"inf\":null,\"g\":1e-05,\"c\":\"N7\"}");
    /* what it writes reads back */
    json_t *obj = json_read_object(buf);
    assert_non_null(obj);
    json_decref(obj);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_invalid_utf8_becomes_replacement),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_top_level_keys_only),
        cmocka_unit_test(test_not_an_object),
        cmocka_unit_test(test_writer),
    };
    return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}
