#!/bin/bash
# full test set, delta = 2^-e, wall cap 10 s, variant $1; JSON lines with CPU and wall
f=conf/data/amazons-4x4-test-set.txt
v=$1; out=$2
grep -v '^#' $f | awk '{p=$1; e=gsub(/\./,".",p); print NR, e, $0}' | while read idx e pos mean temp; do
  grep -q "\"index\":$idx," $out 2>/dev/null && continue
  d="1/$((1<<e))"
  s=$(date +%s.%N)
  o=$( { /usr/bin/time -f "CPU %U %S" timeout 10 ${SUMGAME:-build/sumgame} analyze "amazons:$pos" --method tds --enhancements $v --delta $d --json; } 2>&1 )
  wall=$(echo "$(date +%s.%N) - $s" | bc)
  cpu=$(echo "$o" | awk '/^CPU/ {print $2+$3}')
  m=$(echo "$o" | grep -o '"mean":"[^"]*"' | cut -d'"' -f4); tt=$(echo "$o" | grep -o '"temperature":"[^"]*"' | cut -d'"' -f4)
  st=$([ -n "$m" ] && ([ "$m" = "$mean" ] && [ "$tt" = "$temp" ] && echo solved || echo wrong) || echo unsolved)
  viol=$(echo "$o" | grep -o '"conjecture_violations":[0-9]*' | cut -d: -f2)
  echo "{\"index\":$idx,\"position\":\"$pos\",\"empties\":$e,\"variant\":\"$v\",\"status\":\"$st\",\"wall\":$wall,\"cpu\":${cpu:-0},\"violations\":${viol:-0}}" >> $out
done
