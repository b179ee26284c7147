#include "csimdjson_task.h"

#include <simdjson.h>
#include <string>

using namespace simdjson;

extern "C" void *csimdjson_dom_new(void) { return new dom::parser(); }
extern "C" void csimdjson_dom_free(void *parser) { delete static_cast<dom::parser *>(parser); }

extern "C" csimdjson_result csimdjson_dom_task(void *opaque, const char *bytes, size_t length) {
    csimdjson_result result = {0, -1, -1};
    auto &parser = *static_cast<dom::parser *>(opaque);
    dom::element root;
    if (parser.parse(bytes, length, true).get(root) != SUCCESS) return result;
    dom::object object;
    if (root.get_object().get(object) != SUCCESS) return result;
    result.accepted = 1;
    std::string_view text;
    if (object["source"].get_string().get(text) == SUCCESS) result.source_length = long(text.size());
    if (object.at_pointer("/aps/alert/title").get_string().get(text) == SUCCESS) {
        result.title_length = long(text.size());
    }
    return result;
}

extern "C" void *csimdjson_ondemand_new(void) { return new ondemand::parser(); }
extern "C" void csimdjson_ondemand_free(void *parser) { delete static_cast<ondemand::parser *>(parser); }

extern "C" csimdjson_result
csimdjson_ondemand_task(void *opaque, const char *bytes, size_t length, size_t capacity) {
    csimdjson_result result = {0, -1, -1};
    auto &parser = *static_cast<ondemand::parser *>(opaque);
    ondemand::document document;
    if (parser.iterate(bytes, length, capacity).get(document) != SUCCESS) return result;
    ondemand::object object;
    if (document.get_object().get(object) != SUCCESS) return result;
    long source = -1;
    long title = -1;
    // One pass over the top-level members, as On-Demand reads: any order, each value consumed or skipped.
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key) != SUCCESS) return result;
        ondemand::value value;
        if (field.value().get(value) != SUCCESS) return result;
        if (key == "source") {
            std::string_view text;
            if (value.get_string().get(text) == SUCCESS) source = long(text.size());
        } else if (key == "aps") {
            ondemand::object aps;
            if (value.get_object().get(aps) == SUCCESS) {
                ondemand::value alert;
                if (aps.find_field_unordered("alert").get(alert) == SUCCESS) {
                    ondemand::object alertObject;
                    if (alert.get_object().get(alertObject) == SUCCESS) {
                        ondemand::value titleValue;
                        std::string_view text;
                        if (alertObject.find_field_unordered("title").get(titleValue) == SUCCESS
                            && titleValue.get_string().get(text) == SUCCESS) {
                            title = long(text.size());
                        }
                    }
                }
            }
        }
    }
    // simdjson 3.0.1 has no document::at_end(); a complete pass over the members has checked the object.
    result.accepted = 1;
    result.source_length = source;
    result.title_length = title;
    return result;
}

extern "C" const char *csimdjson_description(void) {
#define CSIMDJSON_STRING(x) #x
#define CSIMDJSON_VERSION_STRING(x) CSIMDJSON_STRING(x)
    static std::string text = std::string("simdjson ") + CSIMDJSON_VERSION_STRING(SIMDJSON_VERSION) + ", DOM kernel "
        + get_active_implementation()->name() + " (" + get_active_implementation()->description() + ")"
        + ", On-Demand compiled in with kernel " + CSIMDJSON_VERSION_STRING(SIMDJSON_BUILTIN_IMPLEMENTATION);
    return text.c_str();
}
