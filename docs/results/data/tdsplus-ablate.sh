#!/bin/bash
# ablation: variants interleaved per position, delta = 2^-e; wall cap L s; CPU seconds recorded
f=conf/data/amazons-4x4-test-set.txt
out=${OUT:-/tmp/ablate.txt}
grep -v '^#' $f | awk '{p=$1; e=gsub(/\./,".",p); print e, $0}' | awk -v a=$A -v b=$B -v n=$N '$1>=a && $1<=b && $4 != "-1" {c[$1]++; if (c[$1]<=n) print}' | while read e pos mean temp; do
  d="1/$((1<<e))"
  for v in $VARIANTS; do
    o=$( { /usr/bin/time -f "CPU %U %S" timeout $L ${SUMGAME:-build/sumgame} analyze "amazons:$pos" --method tds --enhancements $v --delta $d --json; } 2>&1 )
    cpu=$(echo "$o" | awk '/^CPU/ {print $2+$3}')
    m=$(echo "$o" | grep -o '"mean":"[^"]*"' | cut -d'"' -f4); tt=$(echo "$o" | grep -o '"temperature":"[^"]*"' | cut -d'"' -f4)
    n=$(echo "$o" | grep -o '"nodes":[0-9]*' | cut -d: -f2)
    st=$([ -n "$m" ] && ([ "$m" = "$mean" ] && [ "$tt" = "$temp" ] && echo solved || echo WRONG) || echo timeout)
    echo "$e $pos $v $st $cpu ${n:-0}" | tee -a $out
  done
done
