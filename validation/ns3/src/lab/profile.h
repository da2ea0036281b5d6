// The TCP settings every scenario program starts from: ns-3.44's TCP made as
// close to the engine's defaults (docs/scenario-format.md, ns-2.35's one-way
// agents) as ns-3 allows. What cannot be matched is listed in
// docs/validation-ns3.md ("Model differences").
//
// Where the sources differ:
//  - ns-3 counts cwnd in bytes and grows it by whole bytes (TcpNewReno adds
//    floor(MSS*MSS/cwnd) per ACK in congestion avoidance); the engine counts
//    segments with fractional growth. Nothing here can change that.
//  - ns-3 always runs a three-way handshake; the engine's default is one SYN
//    exchange. Both cost one RTT before data flows.
//  - ns-3's default variant is CUBIC with PRR recovery and its default initial
//    window is 10; every program names its variant, and recovery is RFC 5681/
//    6582 "classic" (TcpClassicRecovery) unless a case says otherwise.
#pragma once

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

#include <string>

namespace lab
{

struct TcpProfile
{
    // Payload bytes per segment (the scenario's packetSize). On the wire a data
    // segment is 1000 + 20 (TCP) + 20 (IPv4) + 2 (PPP) = 1042 bytes with no TCP
    // options; the twin scenarios state headerBytes 42 and ackBytes 42 to match.
    uint32_t mss = 1000;
    // Segments; the engine's default initialCwnd (ns-2 windowInit_) is 2.
    uint32_t initialCwnd = 2;
    // The engine's newreno agent has no SACK; its sack and cubic agents do.
    bool sack = false;
    // RFC 3168 ECN negotiated by both ends (the twin's tcp.ecn).
    bool ecn = false;
    // Receiver window and send buffer, in segments: large enough never to limit
    // a flow (the twin's tcp.window; it is also the engine's initial ssthresh,
    // which ns-3 leaves unbounded).
    uint32_t windowSegments = 10000;
    // Seconds: the engine's minRto (ns-2 minrto_ 0.2; ns-3's default is 1 s).
    double minRto = 0.2;
    // Classic recovery (RFC 6582 with ns-3's SACK emulation) or PRR (RFC 6937).
    std::string recovery = "ns3::TcpClassicRecovery";
};

// Must run before any node is created: ns-3 copies these defaults into each
// socket when it is made.
inline void
ApplyTcpDefaults(const TcpProfile& p)
{
    using namespace ns3;
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(p.mss));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(p.initialCwnd));
    // One ACK per segment (the engine's delayedAck false; ns-3 acks every 2nd).
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(p.windowSegments * p.mss));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(p.windowSegments * p.mss));
    // Window scaling so that the large receive buffer can be advertised.
    Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));
    // No timestamps: the engine's segments carry no options (and RTT samples
    // then follow Karn's rule in both simulators).
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(p.sack));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(p.minRto)));
    // RFC 6298's G: the engine keeps exact time (G = 0); ns-3 defaults to 1 ms.
    Config::SetDefault("ns3::TcpSocketBase::ClockGranularity", TimeValue(Seconds(0)));
    Config::SetDefault("ns3::TcpSocketBase::UseEcn",
                       EnumValue(p.ecn ? TcpSocketState::On : TcpSocketState::Off));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                       TypeIdValue(TypeId::LookupByName(p.recovery)));
}

// CUBIC as RFC 9438 and Linux set it (ns-3's defaults too), stated so that
// the twins' tcp.cubic can state the same: beta 0.7, C 0.4, fast convergence
// and the Reno-friendly region on. HyStart is each program's choice.
inline void
ApplyCubicDefaults()
{
    using namespace ns3;
    Config::SetDefault("ns3::TcpCubic::Beta", DoubleValue(0.7));
    Config::SetDefault("ns3::TcpCubic::C", DoubleValue(0.4));
    Config::SetDefault("ns3::TcpCubic::FastConvergence", BooleanValue(true));
    Config::SetDefault("ns3::TcpCubic::TcpFriendliness", BooleanValue(true));
}

// The congestion control of every TCP socket a node creates from now on.
inline void
SetVariant(ns3::Ptr<ns3::Node> node, const std::string& typeName)
{
    using namespace ns3;
    node->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                   TypeIdValue(TypeId::LookupByName(typeName)));
}

// ns-3 names for the engine's variant names.
inline std::string
Ns3Variant(const std::string& variant)
{
    if (variant == "newreno")
    {
        return "ns3::TcpNewReno";
    }
    if (variant == "cubic")
    {
        return "ns3::TcpCubic";
    }
    if (variant == "bbr")
    {
        return "ns3::TcpBbr";
    }
    if (variant == "dctcp")
    {
        return "ns3::TcpDctcp";
    }
    NS_FATAL_ERROR("no ns-3 twin for variant " << variant);
}

} // namespace lab
