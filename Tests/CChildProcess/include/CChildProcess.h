// What ChildProcess needs from the C library that Swift's Glibc module leaves out, since glibc
// declares it only for _GNU_SOURCE: close-on-exec pipes, closing every other descriptor in the
// child, and the child's working directory; and a child with the signals of a new process. Defined in CChildProcess.c, which asks for them.
#ifndef C_CHILD_PROCESS_H
#define C_CHILD_PROCESS_H

#include <spawn.h>

/// pipe(2) with both ends closed on exec, in one step, so no other thread's child inherits them.
int child_process_pipe(int ends[2]);

/// Has the child close every descriptor from 3 on, unblock every signal and restore every
/// signal's default action: the spawning thread may be one of Swift's, which block signals, and
/// a child that inherited that mask would never see the `SIGTERM` that stops it.
int child_process_prepare(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes);

/// Has the child start in `path`.
int child_process_change_directory(posix_spawn_file_actions_t *actions, const char *path);

#endif
