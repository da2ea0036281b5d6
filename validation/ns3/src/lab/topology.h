// The dumbbell every case runs on, in the shape of the twin scenarios
// (validation/ns3/cases.ts): host s<i> —access— r1 —bottleneck— r2 —access—
// host d<i>, one sender/receiver pair per flow. A single path is a dumbbell
// with one pair.
//
// Queues. The engine has one DropTail/AQM queue per link direction, and a
// DropTail limit of N holds N-1 packets waiting plus the one being sent
// (ns-2's rule). ns-3 has up to two queues per device: the device's own
// DropTail queue and, above it, an optional queue disc (where ns-3's AQMs
// live). So:
//  - with no queue disc, the device queue holds limit-1 packets: limit-1
//    waiting plus the one on the wire, exactly the engine's DropTail;
//  - with a queue disc (AQMs, and the FIFO they are compared with), the
//    device queue holds one packet and the disc holds `limit`: the disc then
//    holds the backlog and sees every packet, as ns-3's AQM examples set it
//    up. One packet more than the disc's limit can wait (in the device), and
//    the AQM's sojourn time leaves out that last packet's wait: at most one
//    packet's transmission time (0.83 ms at 10 Mb/s, 8.3 us at 1 Gb/s).
// Every other device (access links, the bottleneck's reverse direction
// unless the queue is given for both) keeps a plain device queue.
#pragma once

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <string>
#include <vector>

namespace lab
{

struct LinkSpec
{
    std::string rate; // "10Mbps"
    double delayMs;   // one way
};

struct QueueSpec
{
    // ns-3 TypeId of the root queue disc ("ns3::CoDelQueueDisc", …), or empty
    // for the device's DropTail queue alone. A disc's parameters are set by the
    // program with Config::SetDefault before the topology is built.
    std::string disc;
    // Packets: the disc's MaxSize, or (no disc) the engine-style DropTail limit.
    uint32_t limit = 50;
};

class Dumbbell
{
  public:
    // accessDelayMs[i] is the one-way delay of sender i's link to r1; each
    // receiver is 1 ms from r2. Access links run at accessRate with a
    // 1000-packet DropTail queue (the twins' access links).
    Dumbbell(const LinkSpec& bottleneck,
             const QueueSpec& queue,
             const std::string& accessRate,
             const std::vector<double>& accessDelayMs,
             double receiverDelayMs = 1.0)
    {
        using namespace ns3;
        const uint32_t n = accessDelayMs.size();
        senders.Create(n);
        receivers.Create(n);
        routers.Create(2);
        InternetStackHelper stack;
        stack.InstallAll();

        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate", StringValue(accessRate));
        access.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("999p"));

        PointToPointHelper neck;
        neck.SetDeviceAttribute("DataRate", StringValue(bottleneck.rate));
        neck.SetChannelAttribute("Delay", TimeValue(MilliSeconds(bottleneck.delayMs)));
        const uint32_t deviceLimit = queue.disc.empty() ? queue.limit - 1 : 1;
        neck.SetQueue("ns3::DropTailQueue",
                      "MaxSize",
                      StringValue(std::to_string(deviceLimit) + "p"));

        Ipv4AddressHelper addr;
        addr.SetBase("10.0.0.0", "255.255.255.0");
        NetDeviceContainer all;

        NetDeviceContainer neckDevs = neck.Install(routers.Get(0), routers.Get(1));
        addr.Assign(neckDevs);
        addr.NewNetwork();
        all.Add(neckDevs);
        bottleneckDevice = DynamicCast<PointToPointNetDevice>(neckDevs.Get(0));

        for (uint32_t i = 0; i < n; i++)
        {
            access.SetChannelAttribute("Delay", TimeValue(MilliSeconds(accessDelayMs[i])));
            NetDeviceContainer in = access.Install(senders.Get(i), routers.Get(0));
            addr.Assign(in);
            addr.NewNetwork();
            access.SetChannelAttribute("Delay", TimeValue(MilliSeconds(receiverDelayMs)));
            NetDeviceContainer out = access.Install(routers.Get(1), receivers.Get(i));
            Ipv4InterfaceContainer ifs = addr.Assign(out);
            addr.NewNetwork();
            receiverAddress.push_back(ifs.GetAddress(1));
            all.Add(in);
            all.Add(out);
        }
        // Assigning addresses installs ns-3's default queue disc (FQ-CoDel) on
        // every device: take it off everywhere, then put the case's disc on
        // both directions of the bottleneck (each direction of an engine link
        // has the link's queue settings).
        TrafficControlHelper tch;
        tch.Uninstall(all);
        if (!queue.disc.empty())
        {
            TrafficControlHelper disc;
            disc.SetRootQueueDisc(queue.disc,
                                  "MaxSize",
                                  QueueSizeValue(QueueSize(std::to_string(queue.limit) + "p")));
            QueueDiscContainer qd = disc.Install(neckDevs);
            bottleneckDisc = qd.Get(0);
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }

    ns3::NodeContainer senders;
    ns3::NodeContainer receivers;
    ns3::NodeContainer routers;
    std::vector<ns3::Ipv4Address> receiverAddress;
    // r1's device: the forward direction of the bottleneck.
    ns3::Ptr<ns3::PointToPointNetDevice> bottleneckDevice;
    // The forward direction's queue disc, or null.
    ns3::Ptr<ns3::QueueDisc> bottleneckDisc;
};

} // namespace lab
