// BBR v1 (ns-3.44 TcpBbr) alone on a 10 Mb/s, 40 ms path with a shallow or
// a deep DropTail buffer, or sharing it with CUBIC (issue 16):
//
//   s<i> —100 Mb/s, 1 ms— r1 —10 Mb/s, 18 ms, DropTail— r2 —100 Mb/s, 1 ms— d<i>
//
// The path's BDP is 10 Mb/s x 40 ms = 50 kB, 48 packets of 1042 bytes.
//
// BBR's state. ns-3 traces TcpBbr's pacing gain, cwnd gain and min RTT but
// not its state; the state is read with TcpBbr::GetBbrState() (public in
// ns-3.44) whenever cwnd, the pacing gain or the cwnd gain changes. Every
// state change also changes one of the gains (STARTUP 2.89/2.89, DRAIN
// 0.35/2.89, PROBE_BW x/2, PROBE_RTT 1/1), and all happen while an ACK is
// processed, so no change is missed. Nothing in ns-3 is patched.
//
// BBR's bottleneck-bandwidth estimate is not traced either. Once the pipe is
// full (from the first DRAIN on), ns-3 sets the pacing rate on every ACK to
// pacing_gain x BtlBw x (1 - 1 %) (tcp-bbr.cc SetPacingRate, Linux's
// bbr_pacing_margin_percent), so the series' btlbw_kbps is pacing rate /
// (pacing gain x 0.99) from then on, and empty before.
#include "lab/bottleneck.h"
#include "lab/flows.h"
#include "lab/output.h"
#include "lab/profile.h"
#include "lab/replica.h"
#include "lab/topology.h"

#include <sstream>

using namespace ns3;

namespace
{

const char* kStateEvent[] = {"startup", "drain", "probe_bw", "probe_rtt"};

// Follows one BBR sender's state, gains and min RTT.
class BbrWatch
{
  public:
    BbrWatch(lab::TcpFlow& flow, lab::Output& out, lab::Window& window)
        : m_flow(flow),
          m_out(out),
          m_window(window)
    {
        m_bbr = flow.Congestion<TcpBbr>();
        NS_ABORT_MSG_IF(!m_bbr, "flow " << flow.id << " does not run TcpBbr");
        m_bbr->TraceConnectWithoutContext("PacingGain", MakeCallback(&BbrWatch::OnGain, this));
        m_bbr->TraceConnectWithoutContext("CwndGain", MakeCallback(&BbrWatch::OnGain, this));
        m_bbr->TraceConnectWithoutContext("MinRtt", MakeCallback(&BbrWatch::OnMinRtt, this));
        flow.onCwnd = [this]() { Check(); };
        probeRtts.Attach(window);
    }

    double State() const
    {
        return m_state;
    }

    double PacingGain() const
    {
        return m_bbr->GetPacingGain();
    }

    double CwndGain() const
    {
        return m_bbr->GetCwndGain();
    }

    double MinRttMs() const
    {
        return m_minRttMs;
    }

    // BtlBw from the pacing rate, once the pipe has been found full.
    double BtlBwKbps() const
    {
        if (!m_pipeFilled || PacingGain() <= 0)
        {
            return NAN;
        }
        return m_flow.pacingBps / (PacingGain() * 0.99) / 1000;
    }

    lab::WindowedCount probeRtts; // entries into PROBE_RTT
    double drainAt = NAN;         // first DRAIN: STARTUP found the pipe full
    double probeBwAt = NAN;       // first PROBE_BW
    std::vector<double> probeRttAt;

  private:
    void OnGain(double, double)
    {
        Check();
    }

    void OnMinRtt(Time, Time v)
    {
        m_minRttMs = v == Time::Max() ? NAN : v.GetSeconds() * 1000;
    }

    void Check()
    {
        int s = static_cast<int>(m_bbr->GetBbrState());
        if (s == m_state)
        {
            return;
        }
        m_state = s;
        double now = Simulator::Now().GetSeconds();
        m_out.Event(m_flow.id, kStateEvent[s]);
        if (s == TcpBbr::BBR_DRAIN)
        {
            m_pipeFilled = true;
            if (std::isnan(drainAt))
            {
                drainAt = now;
            }
        }
        if (s == TcpBbr::BBR_PROBE_BW)
        {
            m_pipeFilled = true;
            if (std::isnan(probeBwAt))
            {
                probeBwAt = now;
            }
        }
        if (s == TcpBbr::BBR_PROBE_RTT)
        {
            probeRtts.value++;
            probeRttAt.push_back(now);
        }
    }

    lab::TcpFlow& m_flow;
    lab::Output& m_out;
    lab::Window& m_window;
    Ptr<TcpBbr> m_bbr;
    int m_state = -1;
    bool m_pipeFilled = false;
    double m_minRttMs = NAN;
};

std::vector<std::string>
Split(const std::string& s)
{
    std::vector<std::string> parts;
    std::stringstream in(s);
    std::string p;
    while (std::getline(in, p, ','))
    {
        parts.push_back(p);
    }
    return parts;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string variants = "bbr";
    uint32_t limit = 250;
    double gap = 0;
    double duration = 40;
    double from = 5;
    double to = 40;
    double seriesDt = 0.1;
    uint32_t run = 1;
    double jitter = 0;
    std::string out = ".";

    CommandLine cmd(__FILE__);
    cmd.AddValue("variants", "one flow per entry: bbr, cubic (e.g. bbr,cubic)", variants);
    cmd.AddValue("limit", "DropTail limit, packets (the one being sent included)", limit);
    cmd.AddValue("gap", "flow i starts at i*gap, s", gap);
    cmd.AddValue("duration", "seconds", duration);
    cmd.AddValue("from", "measure window start, s", from);
    cmd.AddValue("to", "measure window end, s", to);
    cmd.AddValue("series", "sample interval of series.csv, s", seriesDt);
    cmd.AddValue("run", "replica number (also seeds BBR's first gain phase)", run);
    cmd.AddValue("jitter", "each flow starts up to this many seconds late, s", jitter);
    cmd.AddValue("out", "output directory", out);
    cmd.Parse(argc, argv);

    // Linux's variants: SACK, and the initial window of 10 segments Linux and
    // ns-3 use (RFC 6928). Recovery stays classic (RFC 6675 with NewReno's
    // cwnd) for CUBIC, as the engine's sack recovery; BBR sets cwnd itself in
    // recovery (packet conservation), so ns-3 bypasses the recovery module
    // for it.
    lab::TcpProfile tcp;
    tcp.sack = true;
    tcp.initialCwnd = 10;
    lab::ApplyTcpDefaults(tcp);
    lab::ApplyCubicDefaults();

    std::vector<std::string> kinds = Split(variants);
    lab::Dumbbell net({"10Mbps", 18}, {"", limit}, "100Mbps", std::vector<double>(kinds.size(), 1.0));

    lab::Replica replica(run, jitter);
    lab::Window window(from, to);
    lab::Output output(out);
    std::vector<std::unique_ptr<lab::TcpFlow>> flows;
    std::vector<std::unique_ptr<BbrWatch>> watches(kinds.size());
    std::vector<std::string> ids;
    std::vector<Ipv4Address> sources;
    for (size_t i = 0; i < kinds.size(); i++)
    {
        std::string id(1, static_cast<char>('A' + i));
        ids.push_back(id);
        sources.push_back(net.senders.Get(i)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal());
        lab::SetVariant(net.senders.Get(i), lab::Ns3Variant(kinds[i]));
        flows.push_back(std::make_unique<lab::TcpFlow>(id,
                                                       net.senders.Get(i),
                                                       net.receivers.Get(i),
                                                       net.receiverAddress[i],
                                                       5000 + i,
                                                       replica.Start(gap * i),
                                                       duration,
                                                       window));
        if (kinds[i] == "bbr")
        {
            watches[i] = std::make_unique<BbrWatch>(*flows[i], output, window);
        }
    }
    lab::Bottleneck neck(net.bottleneckDevice, nullptr, sources, window);

    std::vector<lab::Samples> cwnd(kinds.size());
    std::vector<lab::Samples> pacing(kinds.size());
    std::vector<std::string> columns = {"queue_pkts"};
    for (size_t i = 0; i < kinds.size(); i++)
    {
        columns.push_back("cwnd_" + ids[i]);
        if (watches[i])
        {
            for (auto c : {"pacing_kbps_", "bbr_state_", "pacing_gain_", "cwnd_gain_", "btlbw_kbps_", "min_rtt_ms_"})
            {
                columns.push_back(c + ids[i]);
            }
        }
        else
        {
            columns.push_back("ssthresh_" + ids[i]);
        }
    }
    output.Series(columns, seriesDt, duration, [&]() {
        std::vector<double> row = {neck.Waiting()};
        for (size_t i = 0; i < kinds.size(); i++)
        {
            lab::TcpFlow& f = *flows[i];
            row.push_back(f.CwndSegments());
            if (window.Now())
            {
                cwnd[i].Add(f.CwndSegments());
            }
            if (watches[i])
            {
                BbrWatch& w = *watches[i];
                row.insert(row.end(),
                           {f.pacingBps / 1000, w.State(), w.PacingGain(), w.CwndGain(), w.BtlBwKbps(), w.MinRttMs()});
                if (window.Now())
                {
                    pacing[i].Add(f.pacingBps / 1000);
                }
            }
            else
            {
                row.push_back(f.SsthreshSegments());
            }
        }
        return row;
    });

    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    double total = 0;
    for (auto& f : flows)
    {
        total += f->GoodputKbps();
    }
    for (size_t i = 0; i < kinds.size(); i++)
    {
        lab::TcpFlow& f = *flows[i];
        output.Figure(f.id, "goodput_kbps", f.GoodputKbps());
        output.Figure(f.id, "share", f.GoodputKbps() / total);
        output.Figure(f.id, "retransmissions", f.retransmissions.InWindow());
        output.Figure(f.id, "fast_recoveries", f.recoveries.InWindow());
        output.Figure(f.id, "timeouts", f.timeouts.InWindow());
        output.Figure(f.id, "mean_cwnd_pkts", cwnd[i].Mean());
        if (watches[i])
        {
            BbrWatch& w = *watches[i];
            output.Figure(f.id, "mean_pacing_kbps", pacing[i].Mean());
            output.Figure(f.id, "drain_at_s", w.drainAt);
            output.Figure(f.id, "probe_bw_at_s", w.probeBwAt);
            output.Figure(f.id, "probe_rtts", w.probeRtts.InWindow());
            for (size_t k = 0; k < w.probeRttAt.size() && k < 9; k++)
            {
                output.Figure(f.id, "probe_rtt_" + std::to_string(k + 1) + "_s", w.probeRttAt[k]);
            }
        }
    }
    output.Figure("tcp", "goodput_kbps", total);
    neck.Report(output, "bottleneck", 10e6, ids);
    output.Write();
    Simulator::Destroy();
    return 0;
}
