// Bufferbloat and its cures (issue 15): long-lived NewReno flows and a small
// CBR "ping" probe share a 10 Mb/s bottleneck whose queue is a 1000-packet
// DropTail FIFO, CoDel, FQ-CoDel or PIE, with or without ECN on the TCP flows.
//
//   s<i> —100 Mb/s, 1 ms— r1 —10 Mb/s, 18 ms— r2 —100 Mb/s, 1 ms— d<i>
//
// so every flow's propagation RTT is 40 ms. The twin scenarios are
// validation/ns3/cases/aqm-*.json (validation/ns3/cases.ts).
//
// Each AQM runs with its RFC's defaults, stated here one by one so that the
// twin can state the same numbers (docs/validation-ns3.md lists the names):
//  - CoDel, RFC 8289: target 5 ms, interval 100 ms; ns-3's MinBytes 1500 is
//    RFC 8289's MAXPACKET (no drop while at most one MTU waits).
//  - FQ-CoDel, RFC 8290: 1024 flow queues, quantum 1500 bytes (one MTU, the
//    default the RFC and ns-3 take from the device), CoDel 5 ms/100 ms per
//    queue, drop batch 64 on overflow; no set-associative hash.
//  - PIE, RFC 8033: QDELAY_REF 15 ms, T_UPDATE 15 ms, alpha 0.125, beta 1.25,
//    MAX_BURST 150 ms, queue delay from timestamps (not the dequeue-rate
//    estimator), the RFC's cap on drop-probability steps, no derandomization,
//    ECN marking only while p < 10 %.
// Every queue holds at most 1000 packets, as the DropTail baseline does, so
// only the discipline differs.
#include "lab/bottleneck.h"
#include "lab/flows.h"
#include "lab/output.h"
#include "lab/profile.h"
#include "lab/replica.h"
#include "lab/topology.h"

using namespace ns3;

// CoDel's times are string attributes in ns-3 ("5ms").
static std::string
Ms(double ms)
{
    return lab::Num(ms) + "ms";
}

int
main(int argc, char* argv[])
{
    std::string queue = "codel";
    bool ecn = false;
    uint32_t flows = 4;
    uint32_t limit = 1000;
    double duration = 60;
    double from = 20;
    double to = 60;
    double seriesDt = 0.25;
    double targetMs = 5;      // CoDel/FQ-CoDel target
    double intervalMs = 100;  // CoDel/FQ-CoDel interval
    uint32_t quantum = 1500;  // FQ-CoDel, bytes
    uint32_t fqFlows = 1024;  // FQ-CoDel sub-queues
    uint32_t dropBatch = 64;  // FQ-CoDel, packets dropped from the fattest queue on overflow
    uint32_t maxPacket = 1500; // CoDel's MAXPACKET, bytes
    double pieTargetMs = 15;  // PIE QDELAY_REF
    double tUpdateMs = 15;    // PIE T_UPDATE
    double alpha = 0.125;     // PIE
    double beta = 1.25;       // PIE
    double maxBurstMs = 150;  // PIE
    uint32_t meanPacketSize = 1000; // PIE: no drop while under two of these wait
    double ecnThreshold = 0.1;      // PIE marks only while p is below this
    uint32_t probeBytes = 100;
    double probeBps = 80000;
    uint32_t run = 1;
    double jitter = 0;
    std::string out = ".";

    CommandLine cmd(__FILE__);
    cmd.AddValue("queue", "droptail | codel | fqcodel | pie", queue);
    cmd.AddValue("ecn", "TCP flows negotiate ECN and the AQM marks them", ecn);
    cmd.AddValue("flows", "long-lived NewReno flows", flows);
    cmd.AddValue("limit", "queue limit, packets", limit);
    cmd.AddValue("duration", "seconds", duration);
    cmd.AddValue("from", "measure window start, s", from);
    cmd.AddValue("to", "measure window end, s", to);
    cmd.AddValue("series", "sample interval of series.csv, s", seriesDt);
    cmd.AddValue("target", "CoDel target, ms", targetMs);
    cmd.AddValue("interval", "CoDel interval, ms", intervalMs);
    cmd.AddValue("quantum", "FQ-CoDel quantum, bytes", quantum);
    cmd.AddValue("fqFlows", "FQ-CoDel flow queues", fqFlows);
    cmd.AddValue("dropBatch", "FQ-CoDel drop batch, packets", dropBatch);
    cmd.AddValue("maxPacket", "CoDel MAXPACKET (ns-3 MinBytes), bytes", maxPacket);
    cmd.AddValue("pieTarget", "PIE QDELAY_REF, ms", pieTargetMs);
    cmd.AddValue("tUpdate", "PIE T_UPDATE, ms", tUpdateMs);
    cmd.AddValue("alpha", "PIE alpha", alpha);
    cmd.AddValue("beta", "PIE beta", beta);
    cmd.AddValue("maxBurst", "PIE MAX_BURST, ms", maxBurstMs);
    cmd.AddValue("meanPacketSize", "PIE mean packet size, bytes", meanPacketSize);
    cmd.AddValue("ecnThreshold", "PIE marks only below this drop probability", ecnThreshold);
    cmd.AddValue("probeBytes", "probe packet size on the wire, bytes", probeBytes);
    cmd.AddValue("probeRate", "probe rate, bit/s", probeBps);
    cmd.AddValue("run", "replica number (seeds the start offsets and ns-3's other draws)", run);
    cmd.AddValue("jitter", "each flow starts up to this many seconds late, s", jitter);
    cmd.AddValue("out", "output directory", out);
    cmd.Parse(argc, argv);

    // NewReno's congestion control with SACK loss recovery (the engine's sack
    // variant). Without SACK, ns-3.44's TCP counts duplicate ACKs as SACKed
    // segments and sends well beyond its window in recovery (docs, N10):
    // under CoDel here ~22 timeouts per flow in 40 s, 23 % of the segments
    // sent twice and the link 90 % used, against ~1 timeout and 99 % with
    // SACK. That would compare ns-3's recovery, not the queues.
    lab::TcpProfile tcp;
    tcp.sack = true;
    tcp.ecn = ecn;
    lab::ApplyTcpDefaults(tcp);
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));

    std::string disc;
    if (queue == "droptail")
    {
        disc = "ns3::FifoQueueDisc";
    }
    else if (queue == "codel")
    {
        disc = "ns3::CoDelQueueDisc";
        Config::SetDefault("ns3::CoDelQueueDisc::Target", StringValue(Ms(targetMs)));
        Config::SetDefault("ns3::CoDelQueueDisc::Interval", StringValue(Ms(intervalMs)));
        Config::SetDefault("ns3::CoDelQueueDisc::MinBytes", UintegerValue(maxPacket));
        Config::SetDefault("ns3::CoDelQueueDisc::UseEcn", BooleanValue(ecn));
    }
    else if (queue == "fqcodel")
    {
        disc = "ns3::FqCoDelQueueDisc";
        Config::SetDefault("ns3::FqCoDelQueueDisc::Target", StringValue(Ms(targetMs)));
        Config::SetDefault("ns3::FqCoDelQueueDisc::Interval", StringValue(Ms(intervalMs)));
        Config::SetDefault("ns3::FqCoDelQueueDisc::Flows", UintegerValue(fqFlows));
        Config::SetDefault("ns3::FqCoDelQueueDisc::DropBatchSize", UintegerValue(dropBatch));
        Config::SetDefault("ns3::FqCoDelQueueDisc::UseEcn", BooleanValue(ecn));
        // the per-queue CoDel's MAXPACKET, as for CoDel alone
        Config::SetDefault("ns3::CoDelQueueDisc::MinBytes", UintegerValue(maxPacket));
    }
    else if (queue == "pie")
    {
        disc = "ns3::PieQueueDisc";
        Config::SetDefault("ns3::PieQueueDisc::QueueDelayReference", TimeValue(MilliSeconds(pieTargetMs)));
        Config::SetDefault("ns3::PieQueueDisc::Tupdate", TimeValue(MilliSeconds(tUpdateMs)));
        Config::SetDefault("ns3::PieQueueDisc::A", DoubleValue(alpha));
        Config::SetDefault("ns3::PieQueueDisc::B", DoubleValue(beta));
        Config::SetDefault("ns3::PieQueueDisc::MaxBurstAllowance", TimeValue(MilliSeconds(maxBurstMs)));
        Config::SetDefault("ns3::PieQueueDisc::UseDequeueRateEstimator", BooleanValue(false));
        Config::SetDefault("ns3::PieQueueDisc::UseCapDropAdjustment", BooleanValue(true));
        Config::SetDefault("ns3::PieQueueDisc::UseDerandomization", BooleanValue(false));
        Config::SetDefault("ns3::PieQueueDisc::MeanPktSize", UintegerValue(meanPacketSize));
        Config::SetDefault("ns3::PieQueueDisc::UseEcn", BooleanValue(ecn));
        Config::SetDefault("ns3::PieQueueDisc::MarkEcnThreshold", DoubleValue(ecnThreshold));
    }
    else
    {
        NS_FATAL_ERROR("unknown --queue " << queue);
    }

    // flows A, B, … then the probe P, each from its own host
    std::vector<double> accessDelays(flows + 1, 1.0);
    lab::Dumbbell net({"10Mbps", 18}, {disc, limit}, "100Mbps", accessDelays);
    if (queue == "fqcodel")
    {
        // before the simulation starts: ns-3 would otherwise take the device's MTU
        DynamicCast<FqCoDelQueueDisc>(net.bottleneckDisc)->SetQuantum(quantum);
    }

    lab::Replica replica(run, jitter);
    lab::Window window(from, to);
    lab::Output output(out);
    std::vector<std::unique_ptr<lab::TcpFlow>> tcpFlows;
    std::vector<std::string> ids;
    std::vector<Ipv4Address> sources;
    for (uint32_t i = 0; i <= flows; i++)
    {
        sources.push_back(net.senders.Get(i)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal());
    }
    for (uint32_t i = 0; i < flows; i++)
    {
        std::string id(1, static_cast<char>('A' + i));
        ids.push_back(id);
        // started a quarter second apart, so that the flows do not move in lockstep
        tcpFlows.push_back(std::make_unique<lab::TcpFlow>(id,
                                                          net.senders.Get(i),
                                                          net.receivers.Get(i),
                                                          net.receiverAddress[i],
                                                          5000 + i,
                                                          replica.Start(0.25 * i),
                                                          duration,
                                                          window));
    }
    ids.push_back("P");
    lab::Probe probe(net.senders.Get(flows),
                     net.receivers.Get(flows),
                     net.receiverAddress[flows],
                     9000,
                     probeBytes,
                     probeBps,
                     replica.Start(0),
                     duration,
                     window);
    lab::Bottleneck neck(net.bottleneckDevice, net.bottleneckDisc, sources, window);

    // CoDel's control state, for the series (ns-3 traces it)
    uint32_t codelCount = 0;
    bool codelDropping = false;
    if (queue == "codel")
    {
        net.bottleneckDisc->TraceConnectWithoutContext(
            "Count",
            MakeBoundCallback(+[](uint32_t* c, uint32_t, uint32_t v) { *c = v; }, &codelCount));
        net.bottleneckDisc->TraceConnectWithoutContext(
            "DropState",
            MakeBoundCallback(+[](bool* d, bool, bool v) { *d = v; }, &codelDropping));
    }

    std::vector<std::string> columns = {"queue_pkts", "disc_pkts", "sojourn_ms"};
    for (auto& f : tcpFlows)
    {
        columns.push_back("cwnd_" + f->id);
    }
    if (queue == "codel")
    {
        columns.push_back("codel_dropping");
        columns.push_back("codel_count");
    }
    output.Series(columns, seriesDt, duration, [&]() {
        std::vector<double> row = {neck.Waiting(), neck.InDisc(), neck.TakeIntervalSojournMs()};
        for (auto& f : tcpFlows)
        {
            row.push_back(f->CwndSegments());
        }
        if (queue == "codel")
        {
            row.push_back(codelDropping ? 1 : 0);
            row.push_back(codelCount);
        }
        return row;
    });

    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    double total = 0;
    for (auto& f : tcpFlows)
    {
        output.Figure(f->id, "goodput_kbps", f->GoodputKbps());
        output.Figure(f->id, "data_sent", f->dataSent.InWindow());
        output.Figure(f->id, "retransmissions", f->retransmissions.InWindow());
        output.Figure(f->id, "fast_recoveries", f->recoveries.InWindow());
        output.Figure(f->id, "timeouts", f->timeouts.InWindow());
        output.Figure(f->id, "ecn_reductions", f->cwrs.InWindow());
        total += f->GoodputKbps();
    }
    output.Figure("tcp", "goodput_kbps", total);
    output.Figure("P", "goodput_kbps", probe.GoodputKbps());
    output.Figure("P", "delay_mean_ms", probe.delayMs.Mean());
    output.Figure("P", "delay_p50_ms", probe.delayMs.Percentile(50));
    output.Figure("P", "delay_p95_ms", probe.delayMs.Percentile(95));
    output.Figure("P", "delay_max_ms", probe.delayMs.Max());
    neck.Report(output, "bottleneck", 10e6, ids);

    // ns-3's own count, to check the traces above saw every drop and mark
    if (net.bottleneckDisc)
    {
        const QueueDisc::Stats& st = net.bottleneckDisc->GetStats();
        output.Figure("bottleneck", "run_drops_ns3_stats", st.nTotalDroppedPackets);
        output.Figure("bottleneck", "run_marks_ns3_stats", st.nTotalMarkedPackets);
    }
    output.Write();
    Simulator::Destroy();
    return 0;
}
