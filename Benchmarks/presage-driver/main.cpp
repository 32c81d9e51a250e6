// presage's predictions for texts before the cursor, one a line, for Benchmarks/keystrokes.py:
//
//     presage-driver CONFIG.xml [VARIABLE=VALUE]… < texts
//
// Prints each text's suggestions, one a line, then an empty line. One presage instance answers
// them all in order, as a keyboard would ask while the text is typed, so that its online learning
// and its recency predictor see the text as it grows. Built by Benchmarks/setup.sh against
// Debian's libpresage-dev.
#include <presage.h>

#include <iostream>
#include <string>

namespace {
class TextBeforeCursor : public PresageCallback {
public:
    std::string past;
    std::string get_past_stream() const override { return past; }
    std::string get_future_stream() const override { return ""; }
};
}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: presage-driver CONFIG.xml [VARIABLE=VALUE]...\n";
        return 2;
    }
    TextBeforeCursor callback;
    Presage presage(&callback, argv[1]);
    for (int i = 2; i < argc; i++) {
        std::string setting = argv[i];
        auto equals = setting.find('=');
        presage.config(setting.substr(0, equals), setting.substr(equals + 1));
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        callback.past = line;
        // An empty prediction (presage makes one from some texts) would read as the block's end.
        for (const auto& word : presage.predict())
            if (!word.empty()) std::cout << word << '\n';
        std::cout << '\n';
    }
    return 0;
}
