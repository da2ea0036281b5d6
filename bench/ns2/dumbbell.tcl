# The scaled dumbbell of bench/scale/dumbbell.ts in ns-2.35, for timing the
# same work: `ns dumbbell.tcl N DURATION`. N NewReno FTP flows and N/10 CBR
# flows at 10 Mb/s over an N x 5 Mb/s, 20 ms bottleneck (DropTail 50);
# access links 1 Gb/s, 1 ms. No trace files are written.
set n [lindex $argv 0]
set duration [lindex $argv 1]
set cbrs [expr $n / 10]
set total [expr $n + $cbrs]
set ns [new Simulator]
set r1 [$ns node]
set r2 [$ns node]
$ns duplex-link $r1 $r2 [expr $n * 5]Mb 20ms DropTail
$ns queue-limit $r1 $r2 50
$ns queue-limit $r2 $r1 50
for {set i 0} {$i < $total} {incr i} {
  set s($i) [$ns node]
  set d($i) [$ns node]
  $ns duplex-link $s($i) $r1 1Gb 1ms DropTail
  $ns duplex-link $r2 $d($i) 1Gb 1ms DropTail
  set start [expr $i * 1.1 / $total]
  if {$i < $n} {
    set tcp($i) [new Agent/TCP/Newreno]
    $tcp($i) set packetSize_ 1000
    set sink($i) [new Agent/TCPSink]
    $ns attach-agent $s($i) $tcp($i)
    $ns attach-agent $d($i) $sink($i)
    $ns connect $tcp($i) $sink($i)
    set ftp($i) [new Application/FTP]
    $ftp($i) attach-agent $tcp($i)
    $ns at $start "$ftp($i) start"
  } else {
    set udp($i) [new Agent/UDP]
    set null($i) [new Agent/Null]
    $ns attach-agent $s($i) $udp($i)
    $ns attach-agent $d($i) $null($i)
    $ns connect $udp($i) $null($i)
    set cbr($i) [new Application/Traffic/CBR]
    $cbr($i) set packetSize_ 1000
    $cbr($i) set rate_ 10Mb
    $cbr($i) attach-agent $udp($i)
    $ns at $start "$cbr($i) start"
  }
}
$ns at $duration "finish"
proc finish {} {
  global tcp n
  set acks 0
  for {set i 0} {$i < $n} {incr i} { set acks [expr $acks + [$tcp($i) set ack_]] }
  puts "ns-2: highest ACKs summed over the $n flows: $acks"
  exit 0
}
$ns run
