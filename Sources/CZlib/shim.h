#ifndef ZONECTL_CZLIB_SHIM_H
#define ZONECTL_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit2 is a macro; Swift cannot call it directly.
static inline int zonectl_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}
#endif
