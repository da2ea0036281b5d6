// Replicas. One run of a deterministic simulation is one sample of a chaotic
// system: which flow loses first, and so how the bottleneck is shared, can
// turn on a microsecond. Each case therefore runs several times with its
// flows' start times perturbed (--run r --jitter J: every flow starts at its
// nominal time + U[0, J), drawn from ns-3's generator with run number r), as
// the twin scenario does with `startJitter: J` and seeds 1..R. The reference
// keeps every run and their spread, and a comparison is of means over runs.
// Run r also seeds ns-3's other random draws (PIE's drops, BBR's first gain
// phase).
#pragma once

#include "ns3/core-module.h"

namespace lab
{

class Replica
{
  public:
    Replica(uint32_t run, double jitter)
        : m_jitter(jitter)
    {
        ns3::RngSeedManager::SetSeed(1);
        ns3::RngSeedManager::SetRun(run);
        m_uniform = ns3::CreateObject<ns3::UniformRandomVariable>();
    }

    // A flow's start: its nominal time plus this replica's offset.
    double Start(double nominal)
    {
        return m_jitter > 0 ? nominal + m_uniform->GetValue(0, m_jitter) : nominal;
    }

  private:
    double m_jitter;
    ns3::Ptr<ns3::UniformRandomVariable> m_uniform;
};

} // namespace lab
