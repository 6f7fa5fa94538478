/*
 * The bench's process meter: runs one command and writes its wall time, CPU time and peak RSS.
 *
 * Usage: measure RESULT_FILE COMMAND [ARG...]
 * The command inherits standard input, output and error. RESULT_FILE receives one line:
 *   exit_code wall_seconds cpu_seconds peak_rss_kib
 * CPU is user+sys from wait4 (the command and the children it waited for); peak RSS is ru_maxrss,
 * the largest process of that tree. The meter is a small C program rather than the Python runner
 * because Linux carries the forking process's resident size into the child's ru_maxrss across exec:
 * a child forked from Python would never report less than Python's own ~25 MiB.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: measure RESULT_FILE COMMAND [ARG...]\n");
        return 64;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("measure: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (pid < 0 || wait4(pid, &status, 0, &usage) < 0) {
        perror("measure");
        return 71;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                 + (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *result = fopen(argv[1], "w");
    if (!result) {
        perror("measure: result file");
        return 73;
    }
    fprintf(result, "%d %.9f %.6f %ld\n", code, wall, cpu, usage.ru_maxrss);
    fclose(result);
    return 0;
}
