// Calibration: what the engine can run today, in ns-3.44 configured as close
// to the engine's defaults as ns-3 allows (lab/profile.h), so that the gap
// between the two TCP models is measured before any new feature is compared.
// One NewReno flow, or several sharing a DropTail bottleneck:
//
//   s<i> —100 Mb/s, 1 ms— r1 —10 Mb/s, 18 ms, DropTail— r2 —100 Mb/s, 1 ms— d<i>
//
// The DropTail queue is the device's own (no queue disc): `limit` packets in
// all, the one on the wire included, as in the engine. The twins are
// validation/ns3/cases/calibration-*.json.
#include "lab/bottleneck.h"
#include "lab/flows.h"
#include "lab/output.h"
#include "lab/profile.h"
#include "lab/replica.h"
#include "lab/topology.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t flows = 1;
    uint32_t limit = 25;
    bool sack = false;
    double gap = 0.25;
    double duration = 60;
    double from = 10;
    double to = 60;
    double seriesDt = 0.1;
    uint32_t run = 1;
    double jitter = 0;
    std::string out = ".";

    CommandLine cmd(__FILE__);
    cmd.AddValue("flows", "NewReno flows", flows);
    cmd.AddValue("limit", "DropTail limit, packets (the one being sent included)", limit);
    cmd.AddValue("sack", "SACK loss recovery (the engine's sack variant) instead of NewReno's", sack);
    cmd.AddValue("gap", "flow i starts at i*gap, s", gap);
    cmd.AddValue("duration", "seconds", duration);
    cmd.AddValue("from", "measure window start, s", from);
    cmd.AddValue("to", "measure window end, s", to);
    cmd.AddValue("series", "sample interval of series.csv, s", seriesDt);
    cmd.AddValue("run", "replica number", run);
    cmd.AddValue("jitter", "each flow starts up to this many seconds late, s", jitter);
    cmd.AddValue("out", "output directory", out);
    cmd.Parse(argc, argv);

    lab::TcpProfile tcp;
    tcp.sack = sack;
    lab::ApplyTcpDefaults(tcp);
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));

    lab::Dumbbell net({"10Mbps", 18}, {"", limit}, "100Mbps", std::vector<double>(flows, 1.0));

    lab::Replica replica(run, jitter);
    lab::Window window(from, to);
    lab::Output output(out);
    std::vector<std::unique_ptr<lab::TcpFlow>> tcpFlows;
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
                                                          replica.Start(gap * i),
                                                          duration,
                                                          window));
    }
    lab::Bottleneck neck(net.bottleneckDevice, nullptr, sources, window);

    // mean cwnd over the window, sampled with the series (the engine's avg_cwnd)
    std::vector<lab::Samples> cwndSamples(flows);
    std::vector<std::string> columns = {"queue_pkts"};
    for (auto& f : tcpFlows)
    {
        columns.push_back("cwnd_" + f->id);
        columns.push_back("ssthresh_" + f->id);
    }
    output.Series(columns, seriesDt, duration, [&]() {
        std::vector<double> row = {neck.Waiting()};
        for (size_t i = 0; i < tcpFlows.size(); i++)
        {
            row.push_back(tcpFlows[i]->CwndSegments());
            row.push_back(tcpFlows[i]->SsthreshSegments());
            if (window.Now())
            {
                cwndSamples[i].Add(tcpFlows[i]->CwndSegments());
            }
        }
        return row;
    });

    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    double total = 0;
    for (size_t i = 0; i < tcpFlows.size(); i++)
    {
        auto& f = tcpFlows[i];
        output.Figure(f->id, "goodput_kbps", f->GoodputKbps());
        output.Figure(f->id, "data_sent", f->dataSent.InWindow());
        output.Figure(f->id, "retransmissions", f->retransmissions.InWindow());
        output.Figure(f->id, "fast_recoveries", f->recoveries.InWindow());
        output.Figure(f->id, "timeouts", f->timeouts.InWindow());
        output.Figure(f->id, "mean_cwnd_pkts", cwndSamples[i].Mean());
        total += f->GoodputKbps();
    }
    output.Figure("tcp", "goodput_kbps", total);
    neck.Report(output, "bottleneck", 10e6, ids);
    output.Write();
    Simulator::Destroy();
    return 0;
}
