#ifndef ZONECTL_CCURL_SHIM_H
#define ZONECTL_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>

// libcurl is loaded on first use (dlopen), not linked: a command that makes no HTTP request
// (build, validate, lookup) then never loads it and the 25 libraries it needs (TLS, Kerberos,
// LDAP, IDN, ...), a visible part of every start. Swift calls only the zonectl_ functions
// below; each looks its libcurl function up by name. When libcurl cannot be loaded they fail as
// libcurl fails (NULL handle, CURLE_FAILED_INIT), and zonectl_curl_load_error() says why.

static inline void *zonectl_curl_library(void) {
    static void *library;
    void *l = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (!l) {
        l = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (l) __atomic_store_n(&library, l, __ATOMIC_RELEASE);
    }
    return l;
}

/// Why libcurl could not be loaded (dlerror), or NULL when it is loaded.
static inline const char *zonectl_curl_load_error(void) {
    if (zonectl_curl_library()) return NULL;
    dlerror();
    return dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL) ? NULL : dlerror();
}

static inline void *zonectl_curl_symbol(const char *name) {
    void *l = zonectl_curl_library();
    return l ? dlsym(l, name) : NULL;
}

#define ZONECTL_CURL(type, name) ((type)zonectl_curl_symbol(#name))

static inline CURLcode zonectl_global_init(void) {
    CURLcode (*f)(long) = ZONECTL_CURL(CURLcode (*)(long), curl_global_init);
    return f ? f(CURL_GLOBAL_ALL) : CURLE_FAILED_INIT;
}
static inline curl_version_info_data *zonectl_version_info(void) {
    curl_version_info_data *(*f)(CURLversion) = ZONECTL_CURL(curl_version_info_data * (*)(CURLversion), curl_version_info);
    return f ? f(CURLVERSION_NOW) : NULL;
}
static inline const char *zonectl_easy_strerror(CURLcode code) {
    const char *(*f)(CURLcode) = ZONECTL_CURL(const char *(*)(CURLcode), curl_easy_strerror);
    return f ? f(code) : NULL;
}
static inline const char *zonectl_multi_strerror(CURLMcode code) {
    const char *(*f)(CURLMcode) = ZONECTL_CURL(const char *(*)(CURLMcode), curl_multi_strerror);
    return f ? f(code) : NULL;
}

// Easy handles.
static inline CURL *zonectl_easy_init(void) {
    CURL *(*f)(void) = ZONECTL_CURL(CURL * (*)(void), curl_easy_init);
    return f ? f() : NULL;
}
static inline void zonectl_easy_cleanup(CURL *h) {
    void (*f)(CURL *) = ZONECTL_CURL(void (*)(CURL *), curl_easy_cleanup);
    if (f) f(h);
}
static inline CURLcode zonectl_easy_perform(CURL *h) {
    CURLcode (*f)(CURL *) = ZONECTL_CURL(CURLcode (*)(CURL *), curl_easy_perform);
    return f ? f(h) : CURLE_FAILED_INIT;
}

// curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt are variadic: one typed wrapper each,
// calling the variadic function through its variadic type.
typedef CURLcode (*zonectl_easy_setopt_fn)(CURL *, CURLoption, ...);
static inline CURLcode zonectl_easy_setopt_long(CURL *h, CURLoption o, long v) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_setopt_ptr(CURL *h, CURLoption o, const void *v) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_setopt_write(CURL *h, size_t (*v)(char *, size_t, size_t, void *)) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, CURLOPT_WRITEFUNCTION, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_setopt_read(CURL *h, size_t (*v)(char *, size_t, size_t, void *)) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, CURLOPT_READFUNCTION, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_setopt_header(CURL *h, size_t (*v)(char *, size_t, size_t, void *)) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, CURLOPT_HEADERFUNCTION, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_setopt_seek(CURL *h, int (*v)(void *, curl_off_t, int)) {
    zonectl_easy_setopt_fn f = ZONECTL_CURL(zonectl_easy_setopt_fn, curl_easy_setopt);
    return f ? f(h, CURLOPT_SEEKFUNCTION, v) : CURLE_FAILED_INIT;
}
static inline CURLcode zonectl_easy_getinfo_long(CURL *h, CURLINFO i, long *v) {
    CURLcode (*f)(CURL *, CURLINFO, ...) = ZONECTL_CURL(CURLcode (*)(CURL *, CURLINFO, ...), curl_easy_getinfo);
    return f ? f(h, i, v) : CURLE_FAILED_INIT;
}

// Header lists.
static inline struct curl_slist *zonectl_slist_append(struct curl_slist *list, const char *line) {
    struct curl_slist *(*f)(struct curl_slist *, const char *) =
        ZONECTL_CURL(struct curl_slist * (*)(struct curl_slist *, const char *), curl_slist_append);
    return f ? f(list, line) : NULL;
}
static inline void zonectl_slist_free_all(struct curl_slist *list) {
    void (*f)(struct curl_slist *) = ZONECTL_CURL(void (*)(struct curl_slist *), curl_slist_free_all);
    if (f) f(list);
}

// Multi handles.
static inline CURLM *zonectl_multi_init(void) {
    CURLM *(*f)(void) = ZONECTL_CURL(CURLM * (*)(void), curl_multi_init);
    return f ? f() : NULL;
}
static inline CURLMcode zonectl_multi_cleanup(CURLM *m) {
    CURLMcode (*f)(CURLM *) = ZONECTL_CURL(CURLMcode (*)(CURLM *), curl_multi_cleanup);
    return f ? f(m) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode zonectl_multi_add_handle(CURLM *m, CURL *h) {
    CURLMcode (*f)(CURLM *, CURL *) = ZONECTL_CURL(CURLMcode (*)(CURLM *, CURL *), curl_multi_add_handle);
    return f ? f(m, h) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode zonectl_multi_remove_handle(CURLM *m, CURL *h) {
    CURLMcode (*f)(CURLM *, CURL *) = ZONECTL_CURL(CURLMcode (*)(CURLM *, CURL *), curl_multi_remove_handle);
    return f ? f(m, h) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode zonectl_multi_perform(CURLM *m, int *running) {
    CURLMcode (*f)(CURLM *, int *) = ZONECTL_CURL(CURLMcode (*)(CURLM *, int *), curl_multi_perform);
    return f ? f(m, running) : CURLM_INTERNAL_ERROR;
}
static inline CURLMsg *zonectl_multi_info_read(CURLM *m, int *queued) {
    CURLMsg *(*f)(CURLM *, int *) = ZONECTL_CURL(CURLMsg * (*)(CURLM *, int *), curl_multi_info_read);
    return f ? f(m, queued) : NULL;
}
static inline CURLMcode zonectl_multi_poll(CURLM *m, struct curl_waitfd *fds, unsigned int n, int timeout, int *ret) {
    CURLMcode (*f)(CURLM *, struct curl_waitfd *, unsigned int, int, int *) =
        ZONECTL_CURL(CURLMcode (*)(CURLM *, struct curl_waitfd *, unsigned int, int, int *), curl_multi_poll);
    return f ? f(m, fds, n, timeout, ret) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode zonectl_multi_setopt_long(CURLM *m, CURLMoption o, long v) {
    CURLMcode (*f)(CURLM *, CURLMoption, ...) = ZONECTL_CURL(CURLMcode (*)(CURLM *, CURLMoption, ...), curl_multi_setopt);
    return f ? f(m, o, v) : CURLM_INTERNAL_ERROR;
}
#endif
