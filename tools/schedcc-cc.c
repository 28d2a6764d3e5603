/* schedcc-cc.c — STUB, to be replaced: a drop-in C compiler that runs
 * schedcc on files with kernels and a schedule, then the real compiler. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  (void)argc;
  const char *cc = getenv("SCHEDCC_CC");
  argv[0] = (char *)(cc && *cc ? cc : "cc");
  execvp(argv[0], argv);
  perror(argv[0]);
  return 127;
}
