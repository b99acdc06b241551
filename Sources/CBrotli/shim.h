#ifndef ZONECTL_CBROTLI_SHIM_H
#define ZONECTL_CBROTLI_SHIM_H
#include <brotli/encode.h>
#include <brotli/decode.h>
#endif
