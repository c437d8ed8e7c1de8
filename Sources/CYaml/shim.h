// libyaml, the system package libyaml-dev (Debian/Ubuntu) or libyaml (Homebrew).
#include <yaml.h>
