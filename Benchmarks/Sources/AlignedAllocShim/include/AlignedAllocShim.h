// Nothing to call: linking this target into an executable defines
// posix_memalign, aligned_alloc and memalign there (AlignedAllocShim.c).
#ifndef FASTWORKFLOW_ALIGNED_ALLOC_SHIM_H
#define FASTWORKFLOW_ALIGNED_ALLOC_SHIM_H
#endif
