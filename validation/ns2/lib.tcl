# Building blocks of the ns-2.35 reference scenarios (validation/ns2/scenarios/*.tcl).
#
# A scenario script is generated from the contract JSON of the same name in
# validation/scenarios/ by validation/ns2/translate.ts, and reads:
#
#     source lib.tcl
#     v_scenario -seed 1 -duration 5 -measure {0 5} -sample 0.01 -trace full -series {A}
#     v_node server ; v_node r1 ; ...
#     v_link bottleneck r1 client -bandwidth 1500000 -delay 0.01 -queue DropTail -limit 50
#     v_tcp A Reno server client -window 20 -windowInit 2 ...
#     v_drop_list A server r1 {31 33}
#     v_run
#
# Run it as `ns <scenario>.tcl <outdir> [seed]`. It writes into <outdir>:
#   meta.tsv      nodes, links and flows with their ns-2 numbers (node index, fid)
#   summary.tsv   per flow: ns-2's own counters at the end and at the measure
#                 window's edges, and averages of the 10 ms samples in the window
#   series-<flow>.tsv  cwnd_/ssthresh_ every sample interval (flows in -series)
#   vars-<flow>.tr     ns-2's variable trace of cwnd_, ssthresh_, ack_, nrexmit_, dupacks_
#   trace.tr      the packet trace of every link (`$ns trace-all`), with -trace full
#   ticks.tsv     per TCP flow: tcpTick_ and the boot_time_ ns-2 draws for it
# validation/regenerate.ts turns these into the small reference CSVs.
#
# Nothing here changes ns-2's behaviour: every agent keeps ns-2.35's defaults
# unless the scenario sets a parameter, and then the scenario's value is set
# explicitly on the agent.

if {[llength $argv] < 1} {
    puts stderr "usage: ns <scenario>.tcl <outdir> \[seed\]"
    exit 2
}
set V(out) [lindex $argv 0]
set V(seedArg) [lindex $argv 1]
set V(flows) {}
set V(nodes) {}
set V(links) {}
set V(nlosses) 0

set ns [new Simulator]

proc v_opts {defaults given} {
    array set o $defaults
    foreach {k v} $given {
        if {![info exists o($k)]} { error "unknown option $k (known: [array names o])" }
        set o($k) $v
    }
    return [array get o]
}

# -seed: the scenario's seed (argv's second argument overrides it); ns-2's
# RNGs need a seed >= 1, 0 would ask for a time-dependent one.
proc v_scenario {args} {
    global V ns defaultRNG
    array set o [v_opts {-seed 1 -duration 10 -measure {0 10} -sample 0.01 -trace full -series {}} $args]
    if {$V(seedArg) != ""} { set o(-seed) $V(seedArg) }
    set V(seed) $o(-seed)
    set V(duration) $o(-duration)
    set V(mfrom) [lindex $o(-measure) 0]
    set V(mto) [lindex $o(-measure) 1]
    set V(dt) $o(-sample)
    set V(trace) $o(-trace)
    set V(series) $o(-series)
    $defaultRNG seed [expr {$V(seed) + 1}]
    if {$V(trace) == "full"} {
        set V(tf) [open [file join $V(out) trace.tr] w]
        $ns trace-all $V(tf)
    }
}

proc v_node {id} {
    global V ns
    set V(node,$id) [$ns node]
    set V(nodeIndex,$id) [llength $V(nodes)]
    lappend V(nodes) $id
}

# -queue DropTail | RED. RED is set up in packet mode with the given
# parameters: -red {minThresh maxThresh maxP weight gentle meanPacketSize}.
proc v_link {id a b args} {
    global V ns
    array set o [v_opts {-bandwidth 0 -delay 0 -queue DropTail -limit 50 -red {}} $args]
    if {$o(-queue) == "RED"} {
        foreach {minth maxth maxp w gentle mps} $o(-red) break
        # Packet mode (ns-2.35's defaults count bytes), fixed thresholds
        # (its defaults of 0 and q_weight_ -1 mean "derive from the link").
        Queue/RED set bytes_ false
        Queue/RED set queue_in_bytes_ false
        Queue/RED set thresh_ $minth
        Queue/RED set maxthresh_ $maxth
        Queue/RED set linterm_ [expr {1.0 / $maxp}]
        Queue/RED set q_weight_ $w
        Queue/RED set gentle_ $gentle
        Queue/RED set mean_pktsize_ $mps
        Queue/RED set setbit_ false
    }
    $ns duplex-link $V(node,$a) $V(node,$b) $o(-bandwidth) $o(-delay) $o(-queue)
    $ns queue-limit $V(node,$a) $V(node,$b) $o(-limit)
    $ns queue-limit $V(node,$b) $V(node,$a) $o(-limit)
    lappend V(links) [list $id $V(nodeIndex,$a) $V(nodeIndex,$b) $o(-bandwidth) $o(-delay)]
}

proc v_new_flow {id kind from to} {
    global V
    set fid [expr {[llength $V(flows)] + 1}]
    lappend V(flows) $id
    set V(kind,$id) $kind
    set V(fid,$id) $fid
    set V(src,$id) $V(nodeIndex,$from)
    set V(dst,$id) $V(nodeIndex,$to)
    set V(psize,$id) 1000
    return $fid
}

# variant: TCP (Tahoe), Reno, Newreno, Sack1, Vegas (the Agent/TCP class suffix).
proc v_tcp {id variant from to args} {
    global V ns
    array set o [v_opts {-start 0 -stop {} -packetSize 1000 -window {} -windowInit {} \
        -numdupacks {} -rtxcur_init {} -minrto {} -maxrto {} -srttBits {} -rttvarBits {} \
        -rttvarExp {} -tcpTick {} -syn {} -hdr {} -delack {} -maxSackBlocks {} -vegas {}} $args]
    set fid [v_new_flow $id tcp $from $to]
    set V(psize,$id) $o(-packetSize)
    if {$variant == "TCP"} { set tcp [new Agent/TCP] } else { set tcp [new Agent/TCP/$variant] }
    $tcp set fid_ $fid
    $tcp set packetSize_ $o(-packetSize)
    foreach {opt var} {-window window_ -windowInit windowInit_ -numdupacks numdupacks_ \
        -rtxcur_init rtxcur_init_ -minrto minrto_ -maxrto maxrto_ -srttBits T_SRTT_BITS \
        -rttvarBits T_RTTVAR_BITS -rttvarExp rttvar_exp_ -tcpTick tcpTick_ -syn syn_ -hdr tcpip_base_hdr_size_} {
        if {$o($opt) != ""} { $tcp set $var $o($opt) }
    }
    if {$o(-vegas) != ""} {
        $tcp set v_alpha_ [lindex $o(-vegas) 0]
        $tcp set v_beta_ [lindex $o(-vegas) 1]
        $tcp set v_gamma_ [lindex $o(-vegas) 2]
    }
    set sinkClass Agent/TCPSink
    if {$variant == "Sack1"} { set sinkClass Agent/TCPSink/Sack1 }
    if {$o(-delack) != ""} { append sinkClass /DelAck }
    set sink [new $sinkClass]
    if {$o(-delack) != ""} { $sink set interval_ $o(-delack) }
    if {$o(-maxSackBlocks) != ""} { $sink set maxSackBlocks_ $o(-maxSackBlocks) }
    $ns attach-agent $V(node,$from) $tcp
    $ns attach-agent $V(node,$to) $sink
    $ns connect $tcp $sink
    set ftp [new Application/FTP]
    $ftp attach-agent $tcp
    $ns at $o(-start) "$ftp start"
    if {$o(-stop) != ""} { $ns at $o(-stop) "$ftp stop" }
    set V(agent,$id) $tcp
    set V(base,$id) [expr {[$tcp set syn_] == "true" || [$tcp set syn_] == 1 ? 1 : 0}]
    if {$variant == "Vegas"} { set V(base,$id) 0 }
    set V(variant,$id) $variant
    if {$V(trace) == "full"} {
        set V(vf,$id) [open [file join $V(out) vars-$id.tr] w]
        $tcp attach $V(vf,$id)
        foreach var {cwnd_ ssthresh_ ack_ nrexmit_ dupacks_} { $tcp trace $var }
    }
    foreach k {cwnd ssthresh srtt nsrtt n} { set V(sum,$k,$id) 0 }
}

proc v_cbr {id from to args} {
    global V ns
    array set o [v_opts {-rate 0 -packetSize 1000 -start 0 -stop {}} $args]
    set fid [v_new_flow $id cbr $from $to]
    set V(psize,$id) $o(-packetSize)
    set udp [new Agent/UDP]
    $udp set fid_ $fid
    $udp set packetSize_ $o(-packetSize)
    set sink [new Agent/LossMonitor]
    $ns attach-agent $V(node,$from) $udp
    $ns attach-agent $V(node,$to) $sink
    $ns connect $udp $sink
    set cbr [new Application/Traffic/CBR]
    $cbr set packetSize_ $o(-packetSize)
    $cbr set rate_ $o(-rate)
    $cbr attach-agent $udp
    $ns at $o(-start) "$cbr start"
    if {$o(-stop) != ""} { $ns at $o(-stop) "$cbr stop" }
    set V(agent,$id) $sink
    set V(base,$id) 0
    set V(variant,$id) ""
}

# Lose the packets with these ordinal numbers (0 = the first packet) among
# those entering link a->b (ns-2 ErrorModel/List, inserted at the link's head).
proc v_drop_list {flow a b counts} {
    global V ns
    set em [new ErrorModel/List]
    $em droplist $counts
    $ns lossmodel $em $V(node,$a) $V(node,$b)
}

# Each packet entering a->b is lost with probability rate.
# With common random numbers (the default of validation/regenerate.ts), the
# file loss-<a>-<b>.txt in the output directory lists the ordinal numbers of
# the packets the engine's generator loses on that link for this seed, and an
# ErrorModel/List loses exactly those: both simulators then see one loss
# pattern. Without the file, ns-2's own ErrorModel draws (uniform random
# variable on its own generator, seeded from the scenario).
proc v_random_loss {a b rate} {
    global V ns
    set listFile [file join $V(out) loss-$a-$b.txt]
    if {[file exists $listFile]} {
        set f [open $listFile r]
        set counts [string trim [read $f]]
        close $f
        set em [new ErrorModel/List]
        $em droplist $counts
        $ns lossmodel $em $V(node,$a) $V(node,$b)
        return
    }
    incr V(nlosses)
    set rng [new RNG]
    $rng seed [expr {1000 * $V(seed) + $V(nlosses)}]
    set rv [new RandomVariable/Uniform]
    $rv use-rng $rng
    set em [new ErrorModel]
    $em set rate_ $rate
    $em unit pkt
    $em ranvar $rv
    $ns lossmodel $em $V(node,$a) $V(node,$b)
}

# The link a-b is down (both directions) from `at` for `duration` seconds.
proc v_outage {a b at duration} {
    global V ns
    $ns rtmodel-at $at down $V(node,$a) $V(node,$b)
    $ns rtmodel-at [expr {$at + $duration}] up $V(node,$a) $V(node,$b)
}

proc v_snap {which} {
    global V
    foreach id $V(flows) {
        set a $V(agent,$id)
        if {$V(kind,$id) == "tcp"} {
            set V(snap,$which,$id) [$a set ack_]
        } else {
            set V(snap,$which,$id) "[$a set npkts_] [$a set bytes_]"
        }
    }
}

# Samples every -sample seconds (k * dt, as the engine takes them): averages
# over the measure window, and the cwnd series of the flows in -series.
proc v_sample {k} {
    global V ns
    set t [expr {$k * $V(dt)}]
    set inMeasure [expr {$t >= $V(mfrom) - 1e-9 && $t <= $V(mto) + 1e-9}]
    foreach id $V(flows) {
        if {$V(kind,$id) != "tcp"} continue
        set a $V(agent,$id)
        set cwnd [$a set cwnd_]
        set ssthresh [$a set ssthresh_]
        if {$inMeasure} {
            set V(sum,cwnd,$id) [expr {$V(sum,cwnd,$id) + $cwnd}]
            set V(sum,ssthresh,$id) [expr {$V(sum,ssthresh,$id) + $ssthresh}]
            incr V(sum,n,$id)
            set srtt [$a set srtt_]
            if {$srtt > 0} {
                # t_srtt_ is kept in ticks with T_SRTT_BITS fraction bits.
                set s [expr {$srtt / double(1 << [$a set T_SRTT_BITS]) * [$a set tcpTick_]}]
                set V(sum,srtt,$id) [expr {$V(sum,srtt,$id) + $s}]
                incr V(sum,nsrtt,$id)
            }
        }
        if {[lsearch -exact $V(series) $id] >= 0} {
            puts $V(sf,$id) [format "%.6f\t%s\t%s" $t $cwnd $ssthresh]
        }
    }
    set next [expr {($k + 1) * $V(dt)}]
    if {$next <= $V(duration) + 1e-9} {
        $ns at $next "v_sample [expr {$k + 1}]"
    } elseif {$t >= $V(duration) - 1e-9} {
        # The last sample is at the end of the run (the engine takes it too).
        v_finish
    } else {
        $ns at $V(duration) "v_finish"
    }
}

proc v_write_meta {} {
    global V
    set f [open [file join $V(out) meta.tsv] w]
    puts $f "# ns-2 reference run"
    puts $f "seed\t$V(seed)"
    puts $f "duration\t$V(duration)"
    puts $f "measure\t$V(mfrom)\t$V(mto)"
    foreach id $V(nodes) { puts $f "node\t$id\t$V(nodeIndex,$id)" }
    foreach l $V(links) { puts $f "link\t[join $l \t]" }
    foreach id $V(flows) {
        puts $f "flow\t$id\t$V(kind,$id)\t$V(fid,$id)\t$V(src,$id)\t$V(dst,$id)\t$V(base,$id)\t$V(psize,$id)\t$V(variant,$id)"
    }
    close $f
}

proc v_finish {} {
    global V ns
    if {$V(trace) == "full"} { $ns flush-trace; close $V(tf) }
    set f [open [file join $V(out) summary.tsv] w]
    puts $f "flow\tkind\tend\tat_from\tat_to\tndatapack\tnrexmitpack\tnrexmit\tsum_cwnd\tsum_ssthresh\tsamples\tsum_srtt\tsrtt_samples"
    foreach id $V(flows) {
        set a $V(agent,$id)
        if {$V(kind,$id) == "tcp"} {
            puts $f [join [list $id tcp [$a set ack_] $V(snap,from,$id) $V(snap,to,$id) \
                [$a set ndatapack_] [$a set nrexmitpack_] [$a set nrexmit_] \
                $V(sum,cwnd,$id) $V(sum,ssthresh,$id) $V(sum,n,$id) $V(sum,srtt,$id) $V(sum,nsrtt,$id)] \t]
            if {[info exists V(vf,$id)]} { close $V(vf,$id) }
        } else {
            puts $f [join [list $id cbr "[$a set npkts_] [$a set bytes_]" $V(snap,from,$id) $V(snap,to,$id) \
                0 0 0 0 0 0 0 0] \t]
        }
        if {[info exists V(sf,$id)]} { close $V(sf,$id) }
    }
    close $f
    exit 0
}

# Each TCP agent's tick boundaries lie at k·tcpTick_ − boot_time_, and ns-2
# draws boot_time_ = Random::uniform(tcpTick_) from the default generator in
# TcpAgent::reset(): once when the agent is created, and again when `$ns run`
# resets every agent (Simulator run → Node reset, node by node in the order of
# the Node_ array, each node's agents in the order attached). Nothing reads
# boot_time_ back from Tcl, so this replays those draws on a second generator
# seeded like the default one (the same stream) and writes each flow's value
# to ticks.tsv; the engine is given it as tcpTickPhase. It draws nothing from
# the default generator: the run is unchanged.
Simulator instproc v_nodes_in_reset_order {} {
    $self instvar Node_
    set out {}
    foreach nn [array names Node_] { lappend out $Node_($nn) }
    return $out
}

proc v_write_ticks {} {
    global V ns
    set rng [new RNG]
    $rng seed [expr {$V(seed) + 1}]
    set tcpAgents {}
    foreach id $V(flows) {
        if {$V(kind,$id) != "tcp"} continue
        lappend tcpAgents $V(agent,$id)
        set V(flowOf,$V(agent,$id)) $id
        $rng uniform 0 1 ;# the draw when the agent was created
    }
    set f [open [file join $V(out) ticks.tsv] w]
    puts $f "flow\ttick\tboot_time"
    foreach node [$ns v_nodes_in_reset_order] {
        foreach a [$node set agents_] {
            if {[lsearch -exact $tcpAgents $a] < 0} continue
            set tick [$a set tcpTick_]
            puts $f "$V(flowOf,$a)\t$tick\t[expr {$tick * [$rng uniform 0 1]}]"
        }
    }
    close $f
}

proc v_run {} {
    global V ns
    v_write_meta
    v_write_ticks
    foreach id $V(series) {
        set V(sf,$id) [open [file join $V(out) series-$id.tsv] w]
    }
    # Measure-window snapshots come before any other event scheduled at the
    # same instant is processed.
    $ns at $V(mfrom) "v_snap from"
    $ns at 0 "v_sample 0"
    $ns at $V(mto) "v_snap to"
    $ns run
}
