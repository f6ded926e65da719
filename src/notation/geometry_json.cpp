#include "notation/geometry_json.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace menagerie {

namespace {

using json = nlohmann::ordered_json;

// Whole numbers as integers, so that the usual corners read [0, 1] rather than [0.0, 1.0].
json number(double v) {
    if (std::nearbyint(v) == v && std::abs(v) < 1e9) return static_cast<long long>(v);
    return v;
}

json point(const Point& p) { return json::array({number(p.x), number(p.y)}); }

json polygon(const Polygon& poly) {
    json out = json::array();
    for (const Point& p : poly) out.push_back(point(p));
    return out;
}

const char* colour_name(CellColour c) {
    switch (c) {
        case CellColour::Light:
            return "light";
        case CellColour::Dark:
            return "dark";
        case CellColour::Both:
            return "both";
    }
    return "";
}

}  // namespace

std::string geometry_json(const Geometry& g) {
    json cells = json::array();
    for (Square s = 0; s < g.size(); ++s) {
        const Cell& c = g.cell(s);
        json cell = {{"name", c.name},
                     {"file", c.file},
                     {"rank", c.rank},
                     {"polygon", polygon(c.polygon)},
                     {"centre", point(centroid(c.polygon))},
                     {"colour", colour_name(c.colour)},
                     {"mate", c.mate == SQ_NONE ? json(nullptr) : json(g.name(c.mate))}};
        if (!c.parts.empty()) {
            json parts = json::array();
            for (const ColouredPolygon& p : c.parts)
                parts.push_back(
                    {{"polygon", polygon(p.polygon)}, {"colour", colour_name(p.colour)}});
            cell["parts"] = parts;
        }
        cells.push_back(cell);
    }
    const Box& b = g.bounds();
    json out = {{"id", g.id()},
                {"width", g.width()},
                {"height", g.height()},
                {"bounds",
                 {{"min_x", number(b.min_x)},
                  {"min_y", number(b.min_y)},
                  {"max_x", number(b.max_x)},
                  {"max_y", number(b.max_y)}}},
                {"cells", cells}};
    return out.dump();
}

}  // namespace menagerie
