// Issue 13 (second blind pass, M2): with `fetch`'s handlers installed, SIGABRT, SIGSEGV, … that
// another process sends only stop the download, but a real fault or the process's own abort() must
// still end it. This program installs the handlers, then faults for real (argv[1]: `segv` a null
// write, `abort` abort(), `raise` raise(SIGSEGV) by itself); run checks that each one dies by its signal.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fkcurl_interrupts_install(void);

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  fkcurl_interrupts_install();
  if (strcmp(argv[1], "segv") == 0) {
    volatile int *p = NULL;
    *p = 1;
  } else if (strcmp(argv[1], "abort") == 0) {
    abort();
  } else if (strcmp(argv[1], "raise") == 0) {
    raise(SIGSEGV);
  }
  puts("survived");
  return 0;
}
