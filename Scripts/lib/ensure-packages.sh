# Sourced by the Scripts/*.sh tools: installs Debian packages a tool needs when
# its command is missing (a fresh machine or CI has none of them).
# Usage: ensure_command COMMAND PACKAGE...

ensure_command() {
    command -v "$1" >/dev/null 2>&1 && return 0
    shift
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "installing $* (apt-get)" >&2
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
