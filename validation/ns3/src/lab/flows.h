// The traffic of a case: endless TCP transfers (the engine's FTP with
// bytes null) and a CBR "ping" probe over UDP, with what each records.
//
// A TCP flow's socket is made before the simulation starts, so that its
// traces (cwnd, ssthresh, congestion state, pacing rate) and its congestion
// control object can be reached from the start; a small application opens the
// connection at `start` and keeps the send buffer full, as BulkSend does.
#pragma once

#include "window.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>

namespace lab
{

// Keeps a connected TCP socket's send buffer full (ns-3 BulkSend, with the
// socket supplied from outside).
class BulkSender : public ns3::Application
{
  public:
    BulkSender(ns3::Ptr<ns3::Socket> socket, ns3::Address peer, uint32_t chunk)
        : m_socket(socket),
          m_peer(peer),
          m_chunk(chunk)
    {
    }

  private:
    void StartApplication() override
    {
        using namespace ns3;
        m_socket->Bind();
        m_socket->SetConnectCallback(MakeCallback(&BulkSender::Connected, this),
                                     MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetSendCallback(MakeCallback(&BulkSender::Space, this));
        m_socket->Connect(m_peer);
    }

    void StopApplication() override
    {
        m_socket->Close();
    }

    void Connected(ns3::Ptr<ns3::Socket>)
    {
        Fill();
    }

    void Space(ns3::Ptr<ns3::Socket>, uint32_t)
    {
        Fill();
    }

    void Fill()
    {
        while (m_socket->GetTxAvailable() >= m_chunk)
        {
            if (m_socket->Send(ns3::Create<ns3::Packet>(m_chunk)) < 0)
            {
                break;
            }
        }
    }

    ns3::Ptr<ns3::Socket> m_socket;
    ns3::Address m_peer;
    uint32_t m_chunk;
};

// One endless TCP transfer from `src` to `dst` and what it records.
class TcpFlow
{
  public:
    TcpFlow(std::string id,
            ns3::Ptr<ns3::Node> src,
            ns3::Ptr<ns3::Node> dst,
            ns3::Ipv4Address dstAddr,
            uint16_t port,
            double start,
            double stop,
            Window& window)
        : id(std::move(id))
    {
        using namespace ns3;
        socket = DynamicCast<TcpSocketBase>(Socket::CreateSocket(src, TcpSocketFactory::GetTypeId()));
        UintegerValue segSize;
        socket->GetAttribute("SegmentSize", segSize);
        mss = segSize.Get();
        socket->TraceConnectWithoutContext("CongestionWindow", MakeCallback(&TcpFlow::OnCwnd, this));
        socket->TraceConnectWithoutContext("SlowStartThreshold",
                                           MakeCallback(&TcpFlow::OnSsthresh, this));
        socket->TraceConnectWithoutContext("CongState", MakeCallback(&TcpFlow::OnCongState, this));
        socket->TraceConnectWithoutContext("PacingRate", MakeCallback(&TcpFlow::OnPacing, this));
        socket->TraceConnectWithoutContext("RTT", MakeCallback(&TcpFlow::OnSrtt, this));
        socket->TraceConnectWithoutContext("Tx", MakeCallback(&TcpFlow::OnTx, this));
        socket->TraceConnectWithoutContext("Retransmission",
                                           MakeCallback(&TcpFlow::OnRetransmission, this));

        Ptr<BulkSender> app =
            CreateObject<BulkSender>(socket, InetSocketAddress(dstAddr, port), mss);
        src->AddApplication(app);
        app->SetStartTime(Seconds(start));
        app->SetStopTime(Seconds(stop));

        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinks = sinkHelper.Install(dst);
        sinks.Start(Seconds(0));
        sink = DynamicCast<PacketSink>(sinks.Get(0));
        sink->TraceConnectWithoutContext("Rx", MakeCallback(&TcpFlow::OnRx, this));

        for (WindowedCount* c : {&delivered, &dataSent, &retransmissions, &recoveries, &timeouts, &cwrs})
        {
            c->Attach(window);
        }
        m_window = &window;
    }

    // The congestion control object of the sender (TcpBbr, TcpDctcp, …).
    template <typename T>
    ns3::Ptr<T> Congestion() const
    {
        ns3::PointerValue p;
        socket->GetAttribute("CongestionOps", p);
        return p.Get<T>();
    }

    double CwndSegments() const
    {
        return static_cast<double>(cwnd) / mss;
    }

    double SsthreshSegments() const
    {
        return ssthresh == std::numeric_limits<uint32_t>::max() ? NAN : static_cast<double>(ssthresh) / mss;
    }

    // Payload bytes delivered to the receiving application in the window, as kb/s.
    double GoodputKbps() const
    {
        return delivered.InWindow() * 8 / m_window->Span() / 1000;
    }

    std::string id;
    ns3::Ptr<ns3::TcpSocketBase> socket;
    ns3::Ptr<ns3::PacketSink> sink;
    uint32_t mss = 0;
    uint32_t cwnd = 0;
    uint32_t ssthresh = std::numeric_limits<uint32_t>::max();
    double pacingBps = 0;
    double srttMs = NAN;
    ns3::TcpSocketState::TcpCongState_t congState = ns3::TcpSocketState::CA_OPEN;

    WindowedCount delivered;       // payload bytes at the receiving application
    WindowedCount dataSent;        // data segments sent (first transmissions and retransmissions)
    WindowedCount retransmissions; // segments sent again
    WindowedCount recoveries;      // entries into fast recovery (CA_RECOVERY)
    WindowedCount timeouts;        // retransmission timeouts (entries into CA_LOSS)
    WindowedCount cwrs;            // window reductions for ECN echoes (CA_CWR)

    // Hooks a case can add (run after the flow's own bookkeeping).
    std::function<void()> onCwnd;
    std::function<void()> onSsthresh;

  private:
    void OnCwnd(uint32_t, uint32_t v)
    {
        cwnd = v;
        if (onCwnd)
        {
            onCwnd();
        }
    }

    void OnSsthresh(uint32_t, uint32_t v)
    {
        ssthresh = v;
        if (onSsthresh)
        {
            onSsthresh();
        }
    }

    void OnCongState(ns3::TcpSocketState::TcpCongState_t, ns3::TcpSocketState::TcpCongState_t v)
    {
        using S = ns3::TcpSocketState;
        if (v == S::CA_RECOVERY)
        {
            recoveries.value++;
        }
        else if (v == S::CA_LOSS)
        {
            timeouts.value++;
        }
        else if (v == S::CA_CWR)
        {
            cwrs.value++;
        }
        congState = v;
    }

    void OnPacing(ns3::DataRate, ns3::DataRate v)
    {
        pacingBps = v.GetBitRate();
    }

    void OnSrtt(ns3::Time, ns3::Time v)
    {
        srttMs = v.GetSeconds() * 1000;
    }

    void OnTx(ns3::Ptr<const ns3::Packet> p, const ns3::TcpHeader&, ns3::Ptr<const ns3::TcpSocketBase>)
    {
        if (p->GetSize() > 0)
        {
            dataSent.value++;
        }
    }

    void OnRetransmission(ns3::Ptr<const ns3::Packet>,
                          const ns3::TcpHeader&,
                          const ns3::Address&,
                          const ns3::Address&,
                          ns3::Ptr<const ns3::TcpSocketBase>)
    {
        retransmissions.value++;
    }

    void OnRx(ns3::Ptr<const ns3::Packet> p, const ns3::Address&)
    {
        delivered.value += p->GetSize();
    }

    Window* m_window = nullptr;
};

// A constant-bit-rate UDP probe (the engine's cbr flow): one packet of
// `wireBytes` on the wire every wireBytes*8/rate seconds. Its one-way delay is
// read from the send time stamped in each packet (ns-3 UdpClient's SeqTs
// header), for the packets that arrive inside the window.
class Probe
{
  public:
    // IPv4 20 + UDP 8 + PPP 2 bytes around the payload.
    static constexpr uint32_t kHeaderBytes = 30;

    Probe(ns3::Ptr<ns3::Node> src,
          ns3::Ptr<ns3::Node> dst,
          ns3::Ipv4Address dstAddr,
          uint16_t port,
          uint32_t wireBytes,
          double rateBps,
          double start,
          double stop,
          Window& window)
        : m_window(&window),
          m_wireBytes(wireBytes)
    {
        using namespace ns3;
        UdpServerHelper server(port);
        ApplicationContainer s = server.Install(dst);
        s.Start(Seconds(0));
        Ptr<UdpServer> srv = DynamicCast<UdpServer>(s.Get(0));
        srv->TraceConnectWithoutContext("Rx", MakeCallback(&Probe::OnRx, this));

        UdpClientHelper client(dstAddr, port);
        client.SetAttribute("MaxPackets", UintegerValue(0));
        client.SetAttribute("Interval", TimeValue(Seconds(wireBytes * 8.0 / rateBps)));
        client.SetAttribute("PacketSize", UintegerValue(wireBytes - kHeaderBytes));
        ApplicationContainer c = client.Install(src);
        c.Start(Seconds(start));
        c.Stop(Seconds(stop));
        received.Attach(window);
    }

    double GoodputKbps() const
    {
        return received.InWindow() * m_wireBytes * 8 / m_window->Span() / 1000;
    }

    Samples delayMs;
    WindowedCount received;

  private:
    void OnRx(ns3::Ptr<const ns3::Packet> p)
    {
        received.value++;
        if (!m_window->Now())
        {
            return;
        }
        ns3::Ptr<ns3::Packet> copy = p->Copy();
        ns3::SeqTsHeader h;
        copy->RemoveHeader(h);
        delayMs.Add((ns3::Simulator::Now() - h.GetTs()).GetSeconds() * 1000);
    }

    Window* m_window;
    uint32_t m_wireBytes;
};

} // namespace lab
