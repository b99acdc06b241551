#include "parent_death.h"

#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>

int zonectl_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL); }
#else
int zonectl_die_with_parent(void) { return -1; }
#endif
