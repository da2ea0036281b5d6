// The measure window [from, to] of a case (the twin's `measure`), and small
// statistics helpers. Counters are read at the window's edges, so a figure
// "in the window" is (value at `to`) - (value at `from`), as the ns-2
// validation reads ns-2's counters.
#pragma once

#include "ns3/core-module.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace lab
{

class Window
{
  public:
    Window(double from, double to)
        : from(from),
          to(to)
    {
        ns3::Simulator::Schedule(ns3::Seconds(from), &Window::Fire, this, true);
        ns3::Simulator::Schedule(ns3::Seconds(to), &Window::Fire, this, false);
    }

    // Run `f` at the window's start (atStart true) and end.
    void OnEdge(std::function<void(bool atStart)> f)
    {
        m_edges.push_back(std::move(f));
    }

    bool Contains(ns3::Time t) const
    {
        return t.GetSeconds() >= from && t.GetSeconds() <= to;
    }

    bool Now() const
    {
        return Contains(ns3::Simulator::Now());
    }

    double Span() const
    {
        return to - from;
    }

    const double from;
    const double to;

  private:
    void Fire(bool atStart)
    {
        for (auto& f : m_edges)
        {
            f(atStart);
        }
    }

    std::vector<std::function<void(bool)>> m_edges;
};

// A counter read at the window's edges.
struct WindowedCount
{
    double value = 0;
    double atFrom = 0;
    double atTo = 0;

    void Attach(Window& w)
    {
        w.OnEdge([this](bool start) { (start ? atFrom : atTo) = value; });
    }

    double InWindow() const
    {
        return atTo - atFrom;
    }
};

// The time average of a quantity that changes by steps (a queue length).
class TimeAverage
{
  public:
    void Set(double v)
    {
        Advance();
        m_value = v;
    }

    double Value() const
    {
        return m_value;
    }

    void Attach(Window& w)
    {
        w.OnEdge([this](bool start) {
            Advance();
            (start ? m_areaFrom : m_areaTo) = m_area;
        });
        m_span = w.Span();
    }

    double MeanInWindow() const
    {
        return (m_areaTo - m_areaFrom) / m_span;
    }

  private:
    void Advance()
    {
        double now = ns3::Simulator::Now().GetSeconds();
        m_area += m_value * (now - m_last);
        m_last = now;
    }

    double m_value = 0;
    double m_last = 0;
    double m_area = 0;
    double m_areaFrom = 0;
    double m_areaTo = 0;
    double m_span = 1;
};

// Samples kept for their mean and percentiles.
class Samples
{
  public:
    void Add(double x)
    {
        m_xs.push_back(x);
        m_sum += x;
    }

    size_t Count() const
    {
        return m_xs.size();
    }

    double Mean() const
    {
        return m_xs.empty() ? NAN : m_sum / m_xs.size();
    }

    // Nearest-rank percentile, p in [0, 100].
    double Percentile(double p)
    {
        if (m_xs.empty())
        {
            return NAN;
        }
        std::sort(m_xs.begin(), m_xs.end());
        size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * m_xs.size()));
        return m_xs[std::min(m_xs.size() - 1, rank == 0 ? 0 : rank - 1)];
    }

    double Max() const
    {
        return m_xs.empty() ? NAN : *std::max_element(m_xs.begin(), m_xs.end());
    }

  private:
    std::vector<double> m_xs;
    double m_sum = 0;
};

} // namespace lab
