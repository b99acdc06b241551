#ifndef ZONECTL_PARENT_DEATH_H
#define ZONECTL_PARENT_DEATH_H

/// Asks the kernel to SIGKILL this process when the thread that started it ends (Linux
/// prctl(PR_SET_PDEATHSIG)); returns 0 on success, -1 where it is not available. prctl is
/// variadic in C, so Swift cannot call it directly.
int zonectl_die_with_parent(void);

#endif
