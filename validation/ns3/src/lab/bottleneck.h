// What happens at the forward direction of the bottleneck (r1's device and its
// queue disc, topology.h): how many packets wait, how long each waited, what
// was dropped or CE-marked and whose it was, how busy the link was.
//
// Two delays per departing packet:
//  - sojourn: the time in the queue disc (ns-3's QueueDiscItem timestamp at
//    enqueue to its dequeue), the delay CoDel and PIE regulate; with no disc,
//    the time in the device queue;
//  - wait: from arrival at the output (disc or device) to the start of its
//    transmission: the whole queueing delay, the engine's single queue's
//    sojourn. It exceeds the sojourn by the wait in the one-packet device
//    queue behind a disc.
#pragma once

#include "output.h"
#include "window.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace lab
{

class Bottleneck
{
  public:
    // `sources[i]` is flow i's sender address: drops and marks are counted per flow.
    Bottleneck(ns3::Ptr<ns3::PointToPointNetDevice> dev,
               ns3::Ptr<ns3::QueueDisc> disc,
               const std::vector<ns3::Ipv4Address>& sources,
               Window& window)
        : m_dev(dev),
          m_disc(disc),
          m_window(&window),
          m_sources(sources)
    {
        using namespace ns3;
        Ptr<Queue<Packet>> q = dev->GetQueue();
        q->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&Bottleneck::OnDeviceLength, this));
        q->TraceConnectWithoutContext("Enqueue", MakeCallback(&Bottleneck::OnDeviceEnqueue, this));
        q->TraceConnectWithoutContext("Dequeue", MakeCallback(&Bottleneck::OnDeviceDequeue, this));
        q->TraceConnectWithoutContext("Drop", MakeCallback(&Bottleneck::OnDeviceDrop, this));
        dev->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&Bottleneck::OnTxBegin, this));
        // With no queue disc the device queue never overflows: when it is full
        // ns-3 stops it, and the traffic-control layer drops what arrives
        // (TcDrop, for every device of r1: only the flows' data goes out
        // through the bottleneck, so only packets from their senders count).
        dev->GetNode()->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
            "TcDrop",
            MakeCallback(&Bottleneck::OnTcDrop, this));
        if (disc)
        {
            disc->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&Bottleneck::OnDiscLength, this));
            disc->TraceConnectWithoutContext("Enqueue", MakeCallback(&Bottleneck::OnDiscEnqueue, this));
            disc->TraceConnectWithoutContext("Dequeue", MakeCallback(&Bottleneck::OnDiscDequeue, this));
            disc->TraceConnectWithoutContext("DropBeforeEnqueue",
                                             MakeCallback(&Bottleneck::OnDiscDropBefore, this));
            disc->TraceConnectWithoutContext("DropAfterDequeue",
                                             MakeCallback(&Bottleneck::OnDiscDropAfter, this));
            disc->TraceConnectWithoutContext("Mark", MakeCallback(&Bottleneck::OnDiscMark, this));
        }
        m_flowDrops.resize(sources.size());
        m_flowMarks.resize(sources.size());
        for (auto* c : {&drops, &dropsAtEnqueue, &dropsAtDequeue, &marks, &txBytes})
        {
            c->Attach(window);
        }
        for (auto& c : m_flowDrops)
        {
            c.Attach(window);
        }
        for (auto& c : m_flowMarks)
        {
            c.Attach(window);
        }
        waiting.Attach(window);
        inDisc.Attach(window);
    }

    // Packets waiting now (disc + device queue; the one on the wire is not waiting).
    double Waiting() const
    {
        return waiting.Value();
    }

    double InDisc() const
    {
        return m_disc ? inDisc.Value() : waiting.Value();
    }

    // Mean sojourn (ms) of the packets that left since the last call: the
    // series' sojourn_ms, as the engine's queues.csv gains it (issue 15).
    double TakeIntervalSojournMs()
    {
        double mean = m_intervalCount > 0 ? m_intervalSum / m_intervalCount : NAN;
        m_intervalSum = 0;
        m_intervalCount = 0;
        return mean;
    }

    double Utilization(double rateBps) const
    {
        return txBytes.InWindow() * 8 / (rateBps * m_window->Span());
    }

    void Report(Output& out, const std::string& scope, double rateBps, const std::vector<std::string>& flowIds)
    {
        out.Figure(scope, "utilization", Utilization(rateBps));
        out.Figure(scope, "mean_queue_pkts", waiting.MeanInWindow());
        out.Figure(scope, "mean_disc_pkts", m_disc ? inDisc.MeanInWindow() : waiting.MeanInWindow());
        out.Figure(scope, "mean_sojourn_ms", sojournMs.Mean());
        out.Figure(scope, "p50_sojourn_ms", sojournMs.Percentile(50));
        out.Figure(scope, "p95_sojourn_ms", sojournMs.Percentile(95));
        out.Figure(scope, "mean_wait_ms", waitMs.Mean());
        out.Figure(scope, "p95_wait_ms", waitMs.Percentile(95));
        out.Figure(scope, "drops", drops.InWindow());
        out.Figure(scope, "drops_at_enqueue", dropsAtEnqueue.InWindow());
        out.Figure(scope, "drops_at_dequeue", dropsAtDequeue.InWindow());
        out.Figure(scope, "ce_marks", marks.InWindow());
        for (size_t i = 0; i < flowIds.size() && i < m_flowDrops.size(); i++)
        {
            out.Figure(flowIds[i], "drops", m_flowDrops[i].InWindow());
            out.Figure(flowIds[i], "ce_marks", m_flowMarks[i].InWindow());
        }
    }

    WindowedCount drops;          // every packet lost at this queue
    WindowedCount dropsAtEnqueue; // refused on arrival (full queue, PIE, RED)
    WindowedCount dropsAtDequeue; // dropped at the head (CoDel)
    WindowedCount marks;          // CE marks instead of drops
    WindowedCount txBytes;        // bytes put on the wire (with the PPP header)
    TimeAverage waiting;          // packets in disc + device queue
    TimeAverage inDisc;           // packets in the disc
    Samples sojournMs;            // per departing packet, in the window
    Samples waitMs;

  private:
    using Item = ns3::Ptr<const ns3::QueueDiscItem>;

    int FlowOf(ns3::Ipv4Address src) const
    {
        for (size_t i = 0; i < m_sources.size(); i++)
        {
            if (m_sources[i] == src)
            {
                return static_cast<int>(i);
            }
        }
        return -1;
    }

    int FlowOfItem(Item item) const
    {
        auto ip = ns3::DynamicCast<const ns3::Ipv4QueueDiscItem>(item);
        return ip ? FlowOf(ip->GetHeader().GetSource()) : -1;
    }

    int FlowOfFrame(ns3::Ptr<const ns3::Packet> p) const
    {
        ns3::Ptr<ns3::Packet> copy = p->Copy();
        ns3::PppHeader ppp;
        copy->RemoveHeader(ppp);
        ns3::Ipv4Header ip;
        copy->PeekHeader(ip);
        return FlowOf(ip.GetSource());
    }

    void CountDrop(int flow)
    {
        drops.value++;
        if (flow >= 0)
        {
            m_flowDrops[flow].value++;
        }
    }

    void UpdateWaiting()
    {
        waiting.Set(m_discLen + m_deviceLen);
    }

    void OnDeviceLength(uint32_t, uint32_t v)
    {
        m_deviceLen = v;
        UpdateWaiting();
    }

    void OnDiscLength(uint32_t, uint32_t v)
    {
        m_discLen = v;
        inDisc.Set(v);
        UpdateWaiting();
    }

    void OnDeviceEnqueue(ns3::Ptr<const ns3::Packet> p)
    {
        // behind a disc the packet's wait began when it reached the disc
        m_arrival.emplace(p->GetUid(), ns3::Simulator::Now());
    }

    void OnDeviceDequeue(ns3::Ptr<const ns3::Packet> p)
    {
        auto it = m_arrival.find(p->GetUid());
        if (it == m_arrival.end())
        {
            return;
        }
        ns3::Time wait = ns3::Simulator::Now() - it->second;
        m_arrival.erase(it);
        if (!m_disc)
        {
            RecordSojourn(wait);
        }
        if (m_window->Now())
        {
            waitMs.Add(wait.GetSeconds() * 1000);
        }
    }

    void OnDeviceDrop(ns3::Ptr<const ns3::Packet> p)
    {
        m_arrival.erase(p->GetUid());
        dropsAtEnqueue.value++;
        CountDrop(FlowOfFrame(p));
    }

    void OnTcDrop(ns3::Ptr<const ns3::Packet> p)
    {
        ns3::Ipv4Header ip;
        p->PeekHeader(ip);
        int flow = FlowOf(ip.GetSource());
        if (flow >= 0)
        {
            dropsAtEnqueue.value++;
            CountDrop(flow);
        }
    }

    void OnTxBegin(ns3::Ptr<const ns3::Packet> p)
    {
        txBytes.value += p->GetSize();
    }

    void OnDiscEnqueue(Item item)
    {
        m_arrival[item->GetPacket()->GetUid()] = ns3::Simulator::Now();
    }

    void OnDiscDequeue(Item item)
    {
        RecordSojourn(ns3::Simulator::Now() - item->GetTimeStamp());
    }

    void RecordSojourn(ns3::Time t)
    {
        double ms = t.GetSeconds() * 1000;
        m_intervalSum += ms;
        m_intervalCount++;
        if (m_window->Now())
        {
            sojournMs.Add(ms);
        }
    }

    void OnDiscDropBefore(Item item, const char*)
    {
        dropsAtEnqueue.value++;
        CountDrop(FlowOfItem(item));
    }

    void OnDiscDropAfter(Item item, const char*)
    {
        m_arrival.erase(item->GetPacket()->GetUid());
        dropsAtDequeue.value++;
        CountDrop(FlowOfItem(item));
    }

    void OnDiscMark(Item item, const char*)
    {
        marks.value++;
        int f = FlowOfItem(item);
        if (f >= 0)
        {
            m_flowMarks[f].value++;
        }
    }

    ns3::Ptr<ns3::PointToPointNetDevice> m_dev;
    ns3::Ptr<ns3::QueueDisc> m_disc;
    Window* m_window;
    std::vector<ns3::Ipv4Address> m_sources;
    std::vector<WindowedCount> m_flowDrops;
    std::vector<WindowedCount> m_flowMarks;
    std::unordered_map<uint64_t, ns3::Time> m_arrival;
    uint32_t m_discLen = 0;
    uint32_t m_deviceLen = 0;
    double m_intervalSum = 0;
    uint64_t m_intervalCount = 0;
};

} // namespace lab
