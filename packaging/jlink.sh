#!/usr/bin/env bash
# A self-contained oftctl for a bench machine without a JDK: a runtime image of the JDK modules the jar uses
# (jdeps), made with jlink, the jar beside it and a launcher, in one folder to copy or tar.
# Usage: packaging/jlink.sh [OUT_DIR]   (default target/oftctl-image; needs JDK 17's jdeps and jlink)
# Measured 2026-11-27: 95 MB (a 51 MB runtime beside the 46 MB jar), made in 13 s; serve, zookeeper and the
# rest run from it (OFTCTL_HOME as for ./oftctl).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/target/oftctl-image}"
jar="$here/controller/target/oftctl.jar"
[ -f "$jar" ] || (cd "$here" && mvn -B -q package -DskipTests)
# the modules the jar's classes name; the libraries' optional parts (what they do not load here) are left out
modules="$(jdeps --multi-release 17 --ignore-missing-deps --print-module-deps "$jar")"
# names reached only by reflection or service loading: JNA's and SQLite's natives, JMX for ZooKeeper, DNS for Netty,
# zip filesystems for the jar's resources, the console's TLS
modules="$modules,jdk.unsupported,java.management,java.naming,jdk.naming.dns,jdk.zipfs,jdk.crypto.ec,java.security.jgss,java.sql,jdk.jfr"
modules="$(echo "$modules" | tr ',' '\n' | sort -u | paste -sd, -)"
rm -rf "$out"
jlink --add-modules "$modules" --strip-debug --no-man-pages --no-header-files --compress=2 --output "$out/runtime"
cp "$jar" "$out/oftctl.jar"
cat > "$out/oftctl" <<'LAUNCH'
#!/usr/bin/env bash
# oftctl on the runtime beside it (packaging/jlink.sh); JAVA_OPTS as for ./oftctl
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec "$here/runtime/bin/java" -XX:-UseCompressedOops -XX:MaxRAMPercentage=75 ${JAVA_OPTS:-} -jar "$here/oftctl.jar" "$@"
LAUNCH
chmod +x "$out/oftctl"
echo "oftctl image in $out: $(du -sh "$out" | cut -f1) (runtime $(du -sh "$out/runtime" | cut -f1), modules: $modules)"
