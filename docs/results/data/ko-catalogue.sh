#!/bin/sh
# Prints the table of docs/results/ko-catalogue.md: each position under each komaster,
# by generalized thermography (analyze --method thermograph) with the enriched-environment
# check at delta = 1/64 (1/16 for the largest region). Run from the repository root after
# `make`; about two minutes.
set -eu
row() {
    name=$1 pos=$2 params=${3:-} delta=${4:-1/64}
    build/sumgame analyze "$pos" --method thermograph --check "$delta" --json $params |
        python3 -c '
import json, sys
name, pos = sys.argv[1], sys.argv[2]
j = json.load(sys.stdin)
k = {x["komaster"]: x for x in j["komasters"]}
def cell(x):
    s = "%s / %s" % (x["mean"], x["temperature"])
    return s + (" (inclined)" if x["inclined"] else "")
worst = max((x["environment"]["worst"] for x in j["komasters"]),
            key=lambda v: eval(v.replace("/", "/1.0/") if "/" in v else v))
print("| %s | `%s` | %s | %s | %s | %s | %d |" % (name, pos.replace("|", "\\|"), j["class"] or "loop-free",
      cell(k["left"]), cell(k["right"]), worst, j["positions"]))
' "$name" "$pos"
}
echo "| ko | position | class | Left komaster: mean / temperature | Right komaster | environment, worst | positions |"
echo "| --- | --- | --- | --- | --- | ---: | ---: |"
row "the issue's {7\|5}" 'ko:{7|5}'
row "the issue's G = {H\|-7}" 'ko:G={H|-7}; H={-2|-4}'
row "simple ko, swing 2" 'ko:M={1|N}; N={M|-1}'
row "simple ko, swing 4" 'ko:M={2|N}; N={M|-2}'
row "simple ko, Right to connect" 'ko:K={M|-1}; M={1|K}'
row "Sensei's Library example" 'ko:G={H|J}; H={1|0}; J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}'
row "approach into a ko" 'ko:P={M|-3}; M={3|N}; N={M|-3}'
row "Left threatens to start a ko" 'ko:A={{3|M}|-3}; M={3|N}; N={M|-3}'
row "ko after Right's sente" 'ko:P={3|Q}; Q={R|-3}; R={3|S}; S={R|-3}'
row "two-stage ko (three positions)" 'ko:T={1|U}; U={T|V}; V={U|-1}'
row "ko with a large exit" 'ko:A={10|B}; B={A|{0|-10}}'
row "ten-thousand-year ko" 'ko:S={K|W}; K={0,B|S}; B={10|C}; C={B|-18}; W={X|-18}; X={10|W}'
row "go: dead white stones" 'go:#.#/.##/O.O' '--params cycles=yes'
row "go: corner ko" 'go:.O./O#.' '--params cycles=yes'
row "go: 2x3 with walls" 'go:X../##O' '--params cycles=yes'
row "go: 2x3 black stone" 'go:#../.X#' '--params cycles=yes'
row "go: the classic ko, 2x4" 'go:.XO./XO.O' '--params cycles=yes,selfatari=no'
row "go: a ko beside a wall, 2x5" 'go:.XO.#/XO.OO' '--params cycles=yes,selfatari=no'
row "go: a ko where superko ends play, 1x6" 'go:.OX.XX' '--params cycles=yes,selfatari=no'
row "go: a ten-thousand-year ko, 3x4 (delta 1/16)" 'go:.XO./O.#O/OOOO' '--params cycles=yes,selfatari=no' 1/16
