#!/usr/bin/env bash
# Session 17: the pieces' doublings by teams of four at every convolution pass through CUDA
# (s17g, the working tree) against only at one blob (s17f = 501f383): 8 blobs three rounds
# of 10, the 8-blob convolution stage; and one blob's pipeline with the MSMs' columns in two
# parts (--param fk20.msm_parts=2) against the default one part beside the commitment.
set -u
O=/tmp/r127; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r127.tgz -C /tmp r127; }
for v in s17f s17g; do .gpu/gpucheck-$v --version; done
for round in 1 2 3; do
  for v in s17f s17g; do
    echo "$v b8 r$round $(timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline' --samples 10 2>&1 | tee $O/$v-b8-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100)"
  done
done
for v in s17f s17g; do echo "$v $(timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.g1_conv' --samples 10 2>&1 | tee $O/$v-b8-conv.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100)"; done
save
for round in 1 2 3; do
  for p in 0 2; do
    echo "s17g msm_parts=$p r$round $(timeout 60 .gpu/gpucheck-s17g bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --param fk20.msm_parts=$p --samples 20 2>&1 | tee $O/s17g-b1-parts$p-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100)"
  done
done
timeout 100 .gpu/gpucheck-s17g run --device cuda:0 --filter 'fk20.L64.g1_conv*,fk20.eip7594.*,mutant_fk20.wrong_conv_piece' > $O/tests-s17g.txt 2>&1; echo "tests s17g rc=$? $(tail -1 $O/tests-s17g.txt)"
save
