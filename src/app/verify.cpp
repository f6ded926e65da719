// `menagerie verify`: checks Black Swan records against the seeds they reveal.
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/command_line.h"
#include "app/commands.h"
#include "core/error.h"
#include "hidden/record.h"
#include "notation/pgn.h"

namespace menagerie {

Runner declare_verify(CLI::App& cmd) {
    auto file = std::make_shared<std::string>();
    cmd.add_option("file", *file, "PGN file")->required();
    return [file] {
        // Every game is checked; the status is the worst verdict: 1 dishonest, 2 no readable
        // record, 3 unfinished, 0 all honest.
        bool dishonest = false, unreadable = false, unfinished = false;
        for (const PgnText& text : split_pgn(read_pgn_file(*file))) {
            std::string line;
            try {
                const Verdict v = verify_record(text);
                line = v.message;
                dishonest |= !v.honest && !v.unfinished;
                unfinished |= v.unfinished;
            } catch (const Error& e) {
                line = std::string("error: ") + e.what();
                unreadable = true;
            }
            std::cout << "game " << text.number << ": " << one_line(line) << "\n";
        }
        return dishonest ? 1 : unreadable ? 2 : unfinished ? 3 : 0;
    };
}

}  // namespace menagerie
