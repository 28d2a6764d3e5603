/* schedcc.c — the driver (placeholder until the pipeline lands). */
#include "backend/be.h"
#include "frontend/fe.h"
#include "schedules/sched.h"
int main(void) { return 0; }
