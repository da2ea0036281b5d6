// CUBIC's slow-start exit with and without HyStart (ns-3.44 TcpCubic), one
// flow on the 10 Mb/s, 40 ms path with a deep DropTail buffer (issue 16):
//
//   s —100 Mb/s, 1 ms— r1 —10 Mb/s, 18 ms, DropTail 250— r2 —100 Mb/s, 1 ms— d
//
// Without HyStart, slow start runs until the 250-packet buffer overflows
// (cwnd near BDP + buffer = ~300 packets) and loses about half a window.
// HyStart leaves slow start early by setting ssthresh to cwnd, without a loss.
//
// ns-3's HyStart is Ha & Rhee's original (Linux tcp_cubic.c before RFC 9406):
// an ACK-train test and a delay test, each round of data, once cwnd >= 16
// segments (HyStartLowWindow). ns-3.44's delay test exits when the least of
// the round's first 8 RTT samples exceeds the least RTT seen so far by
// clamp(that least RTT, HyStartDelayMin 4 ms, HyStartDelayMax 1000 ms) —
// the whole min RTT (40 ms here), where Linux uses min RTT/8 clamped to
// [4, 16] ms — and its ACK-train test fires once a train of ACKs no more than
// 2 ms apart lasts longer than the min RTT (Linux: half of it).
// RFC 9406 (HyStart++), which the engine implements, has only a delay test,
// with the threshold clamp(last round's min RTT / 8, 4 ms, 16 ms) = 5 ms on
// this path, and then a conservative slow start (CSS) of up to 5 rounds
// before it sets ssthresh. The cases therefore run ns-3 three ways (--detect):
//  - none: HyStart off, slow start ends with the first loss;
//  - both: ns-3's defaults (what "TcpCubic with HyStart" means in ns-3);
//  - delay: the delay test alone with its threshold fixed at 5 ms
//    (HyStartDelayMin = HyStartDelayMax = 5 ms): the RFC 9406 rule on this
//    path, so its exit instant is where HyStart++ should enter CSS.
#include "lab/bottleneck.h"
#include "lab/flows.h"
#include "lab/output.h"
#include "lab/profile.h"
#include "lab/replica.h"
#include "lab/topology.h"

#include <map>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string detect = "both";
    double delayMinMs = 4;
    double delayMaxMs = 1000;
    uint32_t limit = 250;
    double duration = 20;
    double from = 0;
    double to = 20;
    double seriesDt = 0.02;
    uint32_t run = 1;
    double jitter = 0;
    std::string out = ".";

    CommandLine cmd(__FILE__);
    cmd.AddValue("detect", "none (HyStart off) | both | delay | train", detect);
    cmd.AddValue("delayMin", "HyStartDelayMin, ms", delayMinMs);
    cmd.AddValue("delayMax", "HyStartDelayMax, ms", delayMaxMs);
    cmd.AddValue("limit", "DropTail limit, packets (the one being sent included)", limit);
    cmd.AddValue("duration", "seconds", duration);
    cmd.AddValue("from", "measure window start, s", from);
    cmd.AddValue("to", "measure window end, s", to);
    cmd.AddValue("series", "sample interval of series.csv, s", seriesDt);
    cmd.AddValue("run", "replica number", run);
    cmd.AddValue("jitter", "the flow starts up to this many seconds late, s", jitter);
    cmd.AddValue("out", "output directory", out);
    cmd.Parse(argc, argv);

    lab::TcpProfile tcp;
    tcp.sack = true;
    tcp.initialCwnd = 10;
    lab::ApplyTcpDefaults(tcp);
    lab::ApplyCubicDefaults();
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpCubic::GetTypeId()));
    Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(detect != "none"));
    if (detect != "none")
    {
        const std::map<std::string, TcpCubic::HybridSSDetectionMode> modes = {
            {"both", TcpCubic::BOTH},
            {"delay", TcpCubic::DELAY},
            {"train", TcpCubic::PACKET_TRAIN}};
        NS_ABORT_MSG_IF(!modes.count(detect), "unknown --detect " << detect);
        Config::SetDefault("ns3::TcpCubic::HyStartDetect", EnumValue(modes.at(detect)));
        Config::SetDefault("ns3::TcpCubic::HyStartDelayMin", TimeValue(MilliSeconds(delayMinMs)));
        Config::SetDefault("ns3::TcpCubic::HyStartDelayMax", TimeValue(MilliSeconds(delayMaxMs)));
    }

    lab::Dumbbell net({"10Mbps", 18}, {"", limit}, "100Mbps", {1.0});
    lab::Replica replica(run, jitter);
    lab::Window window(from, to);
    lab::Output output(out);
    lab::TcpFlow flow("A",
                      net.senders.Get(0),
                      net.receivers.Get(0),
                      net.receiverAddress[0],
                      5000,
                      replica.Start(0),
                      duration,
                      window);
    std::vector<Ipv4Address> sources = {net.senders.Get(0)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal()};
    lab::Bottleneck neck(net.bottleneckDevice, nullptr, sources, window);

    // Slow start ends where ssthresh first falls from "unbounded": by HyStart
    // (ssthresh = cwnd, no loss yet) or by the first loss.
    double exitAt = NAN;
    double exitCwnd = NAN;
    double exitByLoss = NAN;
    double firstLossAt = NAN;
    double peakCwnd = 0;
    flow.onSsthresh = [&]() {
        if (std::isnan(exitAt) && !std::isnan(flow.SsthreshSegments()))
        {
            exitAt = Simulator::Now().GetSeconds();
            exitCwnd = flow.CwndSegments();
            exitByLoss = flow.congState == TcpSocketState::CA_OPEN ? 0 : 1;
            output.Event("A", exitByLoss ? "ss_exit_loss" : "ss_exit_hystart", exitCwnd);
        }
    };
    flow.onCwnd = [&]() {
        peakCwnd = std::max(peakCwnd, flow.CwndSegments());
        if (std::isnan(firstLossAt) && flow.congState != TcpSocketState::CA_OPEN)
        {
            firstLossAt = Simulator::Now().GetSeconds();
            output.Event("A", "first_loss", flow.CwndSegments());
        }
    };

    output.Series({"queue_pkts", "cwnd_A", "ssthresh_A", "srtt_ms_A"}, seriesDt, duration, [&]() {
        return std::vector<double>{neck.Waiting(), flow.CwndSegments(), flow.SsthreshSegments(), flow.srttMs};
    });

    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    output.Figure("A", "ss_exit_s", exitAt);
    output.Figure("A", "ss_exit_cwnd_pkts", exitCwnd);
    output.Figure("A", "ss_exit_by_loss", exitByLoss);
    output.Figure("A", "first_loss_s", firstLossAt);
    output.Figure("A", "peak_cwnd_pkts", peakCwnd);
    output.Figure("A", "goodput_kbps", flow.GoodputKbps());
    output.Figure("A", "retransmissions", flow.retransmissions.InWindow());
    output.Figure("A", "fast_recoveries", flow.recoveries.InWindow());
    output.Figure("A", "timeouts", flow.timeouts.InWindow());
    neck.Report(output, "bottleneck", 10e6, {"A"});
    output.Write();
    Simulator::Destroy();
    return 0;
}
