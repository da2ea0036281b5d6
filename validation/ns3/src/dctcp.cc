// DCTCP (ns-3.44 TcpDctcp, RFC 8257) on a data-centre path scaled down from
// the 10 Gb/s class to 1 Gb/s, with a step-marking queue (issue 16):
//
//   s<i> —10 Gb/s, 10 us— r1 —1 Gb/s, 20 us, RED step at K— r2 —10 Gb/s, 10 us— d<i>
//
// Propagation RTT 80 us (about 100 us with serialization): a BDP of ~12
// packets. K = 20 packets is the DCTCP paper's setting for 1 Gb/s (Alizadeh
// et al., SIGCOMM 2010, §4; K > C x RTT / 7 by its §3.4 analysis; 65 at
// 10 Gb/s), and the buffer (250 packets) is deep enough never to overflow.
//
// The step: RED with min = max threshold = K, weight 1 (the average is the
// instantaneous queue seen by each arriving packet), gentle off, and ECN on
// with hard drops off, so that every ECN-capable packet arriving to K or more
// packets waiting in the queue disc is marked CE and none is dropped early.
// ns-3's RED also never marks while at most one packet waits. K counts the
// disc only; one more packet can wait in the device (8.3 us at 1 Gb/s).
//
// TcpDctcp runs at both ends (the receiver's CE-to-ECE state machine of
// RFC 8257 §3.2), with ECT(0), g = 1/16 and alpha starting at 1 (RFC 8257
// §4.2 and Linux). It is TcpLinuxReno otherwise: the window grows as Linux's
// Reno, and each window with marks is cut once by alpha/2.
#include "lab/bottleneck.h"
#include "lab/flows.h"
#include "lab/output.h"
#include "lab/profile.h"
#include "lab/replica.h"
#include "lab/topology.h"

using namespace ns3;

namespace
{

// Follows one DCTCP sender's alpha (TcpDctcp's CongestionEstimate trace:
// once per window of data, after alpha is updated).
class AlphaWatch
{
  public:
    AlphaWatch(lab::TcpFlow& flow, lab::Window& window)
        : m_window(window)
    {
        Ptr<TcpDctcp> dctcp = flow.Congestion<TcpDctcp>();
        NS_ABORT_MSG_IF(!dctcp, "flow " << flow.id << " does not run TcpDctcp");
        dctcp->TraceConnectWithoutContext("CongestionEstimate", MakeCallback(&AlphaWatch::OnEstimate, this));
    }

    double alpha = 1;
    lab::Samples updates;      // alpha after each update inside the window
    lab::Samples markedShare;  // the fraction of bytes marked in each window (RFC 8257's M)

  private:
    // the arguments in TcpDctcp::PktsAcked's order: bytes acked with ECE, all bytes acked, alpha
    void OnEstimate(uint32_t bytesMarked, uint32_t bytesAcked, double a)
    {
        alpha = a;
        if (m_window.Now())
        {
            updates.Add(a);
            markedShare.Add(bytesAcked > 0 ? static_cast<double>(bytesMarked) / bytesAcked : 0);
        }
    }

    lab::Window& m_window;
};

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t flows = 2;
    uint32_t k = 20;
    uint32_t limit = 250;
    double duration = 1;
    double from = 0.2;
    double to = 1;
    double seriesDt = 0.002;
    double sampleDt = 0.0001;
    double g = 0.0625;         // RFC 8257 §4.2: alpha's gain, 1/16
    double initialAlpha = 1;   // RFC 8257 §4.2, Linux
    uint32_t run = 1;
    double jitter = 0;
    std::string out = ".";

    CommandLine cmd(__FILE__);
    cmd.AddValue("flows", "DCTCP flows", flows);
    cmd.AddValue("k", "marking threshold K, packets", k);
    cmd.AddValue("limit", "queue limit, packets", limit);
    cmd.AddValue("duration", "seconds", duration);
    cmd.AddValue("from", "measure window start, s", from);
    cmd.AddValue("to", "measure window end, s", to);
    cmd.AddValue("series", "sample interval of series.csv, s", seriesDt);
    cmd.AddValue("sample", "queue sampling interval for the percentiles, s", sampleDt);
    cmd.AddValue("g", "DCTCP's gain g for alpha", g);
    cmd.AddValue("initialAlpha", "DCTCP's alpha at the start", initialAlpha);
    cmd.AddValue("run", "replica number", run);
    cmd.AddValue("jitter", "each flow starts up to this many seconds late, s", jitter);
    cmd.AddValue("out", "output directory", out);
    cmd.Parse(argc, argv);

    lab::TcpProfile tcp;
    tcp.sack = true;
    tcp.initialCwnd = 10;
    tcp.ecn = true;
    lab::ApplyTcpDefaults(tcp);
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpDctcp::GetTypeId()));
    Config::SetDefault("ns3::TcpDctcp::DctcpShiftG", DoubleValue(g));
    Config::SetDefault("ns3::TcpDctcp::DctcpAlphaOnInit", DoubleValue(initialAlpha));

    Config::SetDefault("ns3::RedQueueDisc::MinTh", DoubleValue(k));
    Config::SetDefault("ns3::RedQueueDisc::MaxTh", DoubleValue(k));
    Config::SetDefault("ns3::RedQueueDisc::QW", DoubleValue(1));
    Config::SetDefault("ns3::RedQueueDisc::Gentle", BooleanValue(false));
    Config::SetDefault("ns3::RedQueueDisc::UseEcn", BooleanValue(true));
    Config::SetDefault("ns3::RedQueueDisc::UseHardDrop", BooleanValue(false));
    Config::SetDefault("ns3::RedQueueDisc::LinkBandwidth", DataRateValue(DataRate("1Gbps")));
    Config::SetDefault("ns3::RedQueueDisc::LinkDelay", TimeValue(MicroSeconds(20)));

    lab::Dumbbell net({"1Gbps", 0.02}, {"ns3::RedQueueDisc", limit}, "10Gbps", std::vector<double>(flows, 0.01), 0.01);

    lab::Replica replica(run, jitter);
    lab::Window window(from, to);
    lab::Output output(out);
    std::vector<std::unique_ptr<lab::TcpFlow>> tcpFlows;
    std::vector<std::unique_ptr<AlphaWatch>> alphas;
    std::vector<std::string> ids;
    std::vector<Ipv4Address> sources;
    for (uint32_t i = 0; i < flows; i++)
    {
        std::string id(1, static_cast<char>('A' + i));
        ids.push_back(id);
        sources.push_back(net.senders.Get(i)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal());
        tcpFlows.push_back(std::make_unique<lab::TcpFlow>(id,
                                                          net.senders.Get(i),
                                                          net.receivers.Get(i),
                                                          net.receiverAddress[i],
                                                          5000 + i,
                                                          replica.Start(0.001 * i),
                                                          duration,
                                                          window));
        alphas.push_back(std::make_unique<AlphaWatch>(*tcpFlows.back(), window));
    }
    lab::Bottleneck neck(net.bottleneckDevice, net.bottleneckDisc, sources, window);

    // the disc's occupancy every `sample` seconds in the window: how tightly
    // the queue is held near K
    lab::Samples discSamples;
    std::vector<lab::Samples> alphaSamples(flows);
    std::function<void()> sample = [&]() {
        discSamples.Add(neck.InDisc());
        for (uint32_t i = 0; i < flows; i++)
        {
            alphaSamples[i].Add(alphas[i]->alpha);
        }
        if (Simulator::Now().GetSeconds() + sampleDt <= to + 1e-12)
        {
            Simulator::Schedule(Seconds(sampleDt), sample);
        }
    };
    Simulator::Schedule(Seconds(from), sample);

    std::vector<std::string> columns = {"queue_pkts", "disc_pkts"};
    for (auto& id : ids)
    {
        columns.push_back("cwnd_" + id);
        columns.push_back("alpha_" + id);
    }
    output.Series(columns, seriesDt, duration, [&]() {
        std::vector<double> row = {neck.Waiting(), neck.InDisc()};
        for (uint32_t i = 0; i < flows; i++)
        {
            row.push_back(tcpFlows[i]->CwndSegments());
            row.push_back(alphas[i]->alpha);
        }
        return row;
    });

    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    double total = 0;
    for (uint32_t i = 0; i < flows; i++)
    {
        lab::TcpFlow& f = *tcpFlows[i];
        output.Figure(f.id, "goodput_kbps", f.GoodputKbps());
        output.Figure(f.id, "retransmissions", f.retransmissions.InWindow());
        output.Figure(f.id, "ecn_reductions", f.cwrs.InWindow());
        output.Figure(f.id, "alpha_mean", alphaSamples[i].Mean());
        output.Figure(f.id, "alpha_p5", alphaSamples[i].Percentile(5));
        output.Figure(f.id, "alpha_p95", alphaSamples[i].Percentile(95));
        output.Figure(f.id, "alpha_update_mean", alphas[i]->updates.Mean());
        output.Figure(f.id, "alpha_updates", alphas[i]->updates.Count());
        output.Figure(f.id, "marked_share_mean", alphas[i]->markedShare.Mean());
        total += f.GoodputKbps();
    }
    output.Figure("tcp", "goodput_kbps", total);
    output.Figure("bottleneck", "disc_p5_pkts", discSamples.Percentile(5));
    output.Figure("bottleneck", "disc_p50_pkts", discSamples.Percentile(50));
    output.Figure("bottleneck", "disc_p95_pkts", discSamples.Percentile(95));
    neck.Report(output, "bottleneck", 1e9, ids);
    output.Write();
    Simulator::Destroy();
    return 0;
}
