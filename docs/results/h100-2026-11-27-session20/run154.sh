#!/usr/bin/env bash
# Session 20: the small sums' trees at 32 work-items an output (s20a) against 64 (the same
# binary with --param fk20.sum_tree_width=64, and s19g = e7f657e, the session's start);
# teams of two at every tree (sum_team=2); one blob three rounds of 20, 16 blobs two of 10;
# a launch timeline of one blob (s20at = s20a + cuda_trace.patch); then the trees' tests
# through CUDA and NVIDIA OpenCL.
set -u
O=/tmp/r154; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r154.tgz -C /tmp r154; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s19g s20a; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2 3; do
  run s19g-b1-r$r s19g $B1 20
  run w32-b1-r$r s20a $B1 20
  run w64-b1-r$r s20a $B1 20 --param fk20.sum_tree_width=64
  run t2-b1-r$r s20a $B1 20 --param fk20.sum_team=2
done
el; save
for r in 1 2; do
  run s19g-b16-r$r s19g fk20.bench.L64.b16.pipeline 10
  run w32-b16-r$r s20a fk20.bench.L64.b16.pipeline 10
  run w64-b16-r$r s20a fk20.bench.L64.b16.pipeline 10 --param fk20.sum_tree_width=64
done
run s19g-stages s19g 'fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.proofs' 20
run w32-stages s20a 'fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.proofs' 20
el; save
GC_CUDA_TRACE=$O/trace-w32-b1.txt timeout 60 .gpu/gpucheck-s20at bench --device cuda:0 --filter $B1 --samples 3 > $O/trace-w32-bench.txt 2>&1; echo "trace rc=$?"
GC_CUDA_TRACE=$O/trace-w64-b1.txt timeout 60 .gpu/gpucheck-s20at bench --device cuda:0 --filter $B1 --samples 3 --param fk20.sum_tree_width=64 > $O/trace-w64-bench.txt 2>&1; echo "trace64 rc=$?"
el; save
F='fk20.L64.msm.row1,fk20.L64.msm.rows,fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,fk20.L64.commitment.row1,fk20.L16.msm.row1,fk20.eip7594.consensus_vectors,fk20.pool.*,mutant_fk20.wrong_sum_tree_stride,mutant_fk20.wrong_msm_part_weight,mutant_fk20.wrong_conv_team_lane'
timeout 400 .gpu/gpucheck-s20a run --device cuda:0 --filter "$F" --scale 1 > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | cut -c1-90
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s20a devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-s20a run --device $CL --filter 'fk20.L64.msm.row1,fk20.L64.g1_conv.row1,fk20.eip7594.consensus_vectors,mutant_fk20.wrong_sum_tree_stride' --scale 1 > $O/tests-ocl.txt 2>&1; echo "ocl tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
