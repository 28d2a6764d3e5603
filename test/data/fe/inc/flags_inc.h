#define SCALE 2.5
