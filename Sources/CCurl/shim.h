#ifndef ZONECTL_CCURL_SHIM_H
#define ZONECTL_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt are variadic: one typed wrapper each.
static inline CURLcode zonectl_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode zonectl_easy_setopt_ptr(CURL *h, CURLoption o, const void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode zonectl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode zonectl_easy_setopt_write(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f);
}
static inline CURLcode zonectl_easy_setopt_read(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_READFUNCTION, f);
}
static inline CURLcode zonectl_easy_setopt_header(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f);
}
static inline CURLcode zonectl_easy_setopt_seek(CURL *h, int (*f)(void *, curl_off_t, int)) {
    return curl_easy_setopt(h, CURLOPT_SEEKFUNCTION, f);
}
static inline CURLcode zonectl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode zonectl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
/// curl_global_init(CURL_GLOBAL_ALL): the flag is a macro expression.
static inline CURLcode zonectl_global_init(void) { return curl_global_init(CURL_GLOBAL_ALL); }
/// curl_version_info(CURLVERSION_NOW): the macro is not visible to Swift.
static inline curl_version_info_data *zonectl_version_info(void) { return curl_version_info(CURLVERSION_NOW); }
#endif
