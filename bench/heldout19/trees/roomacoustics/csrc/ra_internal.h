#ifndef ROOMACOUSTICS_RA_INTERNAL_H
#define ROOMACOUSTICS_RA_INTERNAL_H

#include <stdio.h>
#include <stdlib.h>

#include "ra.h"

#define RA_SPEED_OF_SOUND 343.0f
#define RA_TAPS 511

/* Returns `err` from the enclosing function when `cond` does not hold. */
#define RA_CHECK(cond, err) \
  do {                      \
    if (!(cond)) {          \
      return (err);         \
    }                       \
  } while (0)

/* Unrecoverable set-up failure: report and exit the process. */
#define RA_FATAL(msg)                                                   \
  do {                                                                  \
    fprintf(stderr, "roomacoustics: fatal: %s (%s:%d)\n", (msg),        \
            __FILE__, __LINE__);                                        \
    exit(2);                                                            \
  } while (0)

#endif
