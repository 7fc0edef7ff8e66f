#ifdef __linux__
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include "CChildProcess.h"

int child_process_pipe(int ends[2]) {
#ifdef __linux__
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int child_process_prepare(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes) {
    sigset_t none;
    sigemptyset(&none);
    sigset_t all;
    sigfillset(&all);
    if (posix_spawnattr_setsigmask(attributes, &none) != 0) return -1;
    if (posix_spawnattr_setsigdefault(attributes, &all) != 0) return -1;
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#ifdef __linux__
    // glibc 2.34 or later.
    if (posix_spawn_file_actions_addclosefrom_np(actions, 3) != 0) return -1;
#else
    (void)actions;
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#endif
    return posix_spawnattr_setflags(attributes, flags);
}

int child_process_change_directory(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}
