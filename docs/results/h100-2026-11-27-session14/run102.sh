#!/usr/bin/env bash
# run101's NVIDIA OpenCL step stopped at its 120 s limit (each mutant's kernels compile for
# ~25 s there): the two tests it did not reach, with room
set -u
O=/tmp/fin14b; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
G=.gpu/gpucheck-s14i
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 300 $G run --device "$CL" --filter 'mutant_fk20.wrong_conv_team_lane,fk20.eip7594.*' > $O/fin14-opencl-rest.txt 2>&1; echo "opencl ($CL) rc=$? $(tail -1 $O/fin14-opencl-rest.txt)"
grep -E '^\s+(PASS|FAIL|ERROR|BROKEN)' $O/fin14-opencl-rest.txt | cut -c1-100
tar czf $OUT/fin14b.tgz -C /tmp fin14b
