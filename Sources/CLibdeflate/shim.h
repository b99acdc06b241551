#ifndef ZONECTL_CLIBDEFLATE_SHIM_H
#define ZONECTL_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
