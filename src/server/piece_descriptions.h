// One paragraph in words for each piece type, by its name, for the board legend.
#pragma once

#include <string>

namespace menagerie::server {

// The description of a piece type by name; "" for a name the table does not know.
std::string piece_description(const std::string& name);

}  // namespace menagerie::server
