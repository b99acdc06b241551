#ifndef ZONECTL_CGEOS_SHIM_H
#define ZONECTL_CGEOS_SHIM_H
// Use the reentrant (_r) GEOS C API only.
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#endif
