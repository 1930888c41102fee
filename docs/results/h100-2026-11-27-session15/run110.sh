#!/usr/bin/env bash
# Final of the fifteenth session, second call (after run109.sh): 007c1df's whole fk20 suite
# and every fk20 mutant on CUDA (whose CUDA timeout includes each mutant's compilation);
# the MSM's, convolution's, cells' and commitment's tests on NVIDIA OpenCL; one blob three
# more rounds of 20, 64 and 128 blobs three more rounds of 10 (run109.sh's were noisy)
set -u
O=/tmp/fin15b; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin15b.tgz -C /tmp fin15b; }
G=.gpu/gpucheck-s15g
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
timeout 330 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fin15b-fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fin15b-fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fin15b-fk20-run-cuda.txt | head
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 200 $G run --device "$CL" --filter 'fk20.L64.msm*,fk20.L64.g1_conv*,fk20.L64.cells*,fk20.L64.commitment*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,mutant_fk20.wrong_conv_piece,fk20.eip7594.*' > $O/fin15b-opencl.txt 2>&1; echo "opencl ($CL) rc=$? $(tail -1 $O/fin15b-opencl.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fin15b-opencl.txt | head
save
for round in 1 2 3; do
  timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/b1-round$round.txt 2>&1; echo "b1 round $round rc=$?"; grep -E '^\s+PASS|FAIL' $O/b1-round$round.txt | cut -c1-100
done
save
for round in 1 2 3; do
  timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/big-round$round.txt 2>&1; echo "b64/b128 round $round rc=$?"; grep -E '^\s+PASS|FAIL' $O/big-round$round.txt | cut -c1-100
done
save
