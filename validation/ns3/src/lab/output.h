// What a scenario program writes into its output directory (--out), read by
// validation/ns3/regenerate.ts:
//   figures.csv  scope,metric,value   one number per line (a flow's goodput,
//                                     the bottleneck's mean sojourn time, …)
//   events.csv   time_s,scope,event,value   instants (BBR state changes,
//                                     slow-start exit, …)
//   series.csv   time_s,<columns…>    samples every --series seconds
// Numbers are plain decimals; a figure that could not be measured is empty.
#pragma once

#include "ns3/core-module.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

namespace lab
{

inline std::string
Num(double x, int decimals = 6)
{
    if (!std::isfinite(x))
    {
        return "";
    }
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << x;
    std::string t = s.str();
    // trim trailing zeros: 12.500000 -> 12.5, 3.000000 -> 3
    if (t.find('.') != std::string::npos)
    {
        t.erase(t.find_last_not_of('0') + 1);
        if (t.back() == '.')
        {
            t.pop_back();
        }
    }
    return t == "-0" ? "0" : t;
}

class Output
{
  public:
    explicit Output(std::string dir)
        : m_dir(std::move(dir))
    {
    }

    void Figure(const std::string& scope, const std::string& metric, double value)
    {
        m_figures << scope << "," << metric << "," << Num(value) << "\n";
    }

    void Event(const std::string& scope, const std::string& event, double value = NAN)
    {
        m_events << Num(ns3::Simulator::Now().GetSeconds(), 6) << "," << scope << "," << event
                 << "," << Num(value) << "\n";
    }

    // Sample `row` every `dt` seconds from 0 to `until` (inclusive).
    void Series(const std::vector<std::string>& columns,
                double dt,
                double until,
                std::function<std::vector<double>()> row)
    {
        m_columns = columns;
        m_row = std::move(row);
        m_dt = dt;
        for (int i = 0; i * dt <= until + 1e-9; i++)
        {
            ns3::Simulator::Schedule(ns3::Seconds(i * dt), &Output::Sample, this);
        }
    }

    void Write() const
    {
        std::filesystem::create_directories(m_dir);
        std::ofstream f(m_dir + "/figures.csv");
        f << "scope,metric,value\n" << m_figures.str();
        std::ofstream e(m_dir + "/events.csv");
        e << "time_s,scope,event,value\n" << m_events.str();
        std::ofstream s(m_dir + "/series.csv");
        if (!m_columns.empty())
        {
            s << "time_s";
            for (auto& c : m_columns)
            {
                s << "," << c;
            }
            s << "\n" << m_series.str();
        }
        NS_ABORT_MSG_IF(!f || !e || !s, "cannot write into " << m_dir);
    }

  private:
    void Sample()
    {
        m_series << Num(ns3::Simulator::Now().GetSeconds(), 4);
        for (double v : m_row())
        {
            m_series << "," << Num(v, 3);
        }
        m_series << "\n";
    }

    std::string m_dir;
    std::ostringstream m_figures;
    std::ostringstream m_events;
    std::ostringstream m_series;
    std::vector<std::string> m_columns;
    std::function<std::vector<double>()> m_row;
    double m_dt = 0;
};

} // namespace lab
