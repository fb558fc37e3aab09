#!/usr/bin/env bash
# mpirun on one machine, with the switches this project's machines need:
#   bash scripts/mpirun-local.sh N build/jungle tournament|study|perft ARGS...
# runs N ranks. As root (containers, CI) Open MPI refuses to start without --allow-run-as-root;
# --oversubscribe lets N exceed the cores (2 here); ob1 and shared memory (vader) start faster
# than the UCX default and need nothing from the network. Environment variables OMPI_MCA_* given
# by the caller still win over these defaults.
set -euo pipefail
if (($# < 2)); then
  echo "usage: $0 RANKS PROGRAM [ARGS...]" >&2
  exit 2
fi
ranks=$1
shift
export OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
export OMPI_MCA_btl=${OMPI_MCA_btl:-self,vader}
# Containers often forbid the cross-memory attach (ptrace) vader would use for large messages.
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}
# No binding: each rank runs OpenMP threads, which binding to one core each would crowd onto it.
# -q: no notice from mpirun after a non-zero exit, so that an error stays the one line rank 0 prints.
exec mpirun -q --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" "$@"
