package org.oft.controller.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The journal mode an SQLite file of ours is kept in. WAL, where it can be: readers (the console) never wait for the
 * writer. But WAL's index is shared memory, which works only among processes of one host, so a results database on a
 * lab's NFS home, read by a console on another host while a study writes it, would be corrupted: on a network file
 * system the file keeps a rollback journal instead (SQLite's own advice), which locks through the file system.
 */
public final class SqliteJournal {
    /** File system types whose files other hosts may open at the same time. */
    static final Set<String> NETWORK = Set.of("nfs", "nfs4", "cifs", "smb3", "smbfs", "lustre", "gpfs", "beegfs", "ceph", "glusterfs",
            "fuse.glusterfs", "fuse.sshfs", "fuse.beegfs", "fuse.cephfs", "9p", "afs", "ocfs2", "gfs2");

    private SqliteJournal() {
    }

    /** "WAL", or "DELETE" when {@code file} lies on a network file system. */
    public static String modeFor(Path file) {
        return networkType(file) == null ? "WAL" : "DELETE";
    }

    /** The type of the network file system {@code file} lies on, or null when it is local (or this is not Linux). */
    public static String networkType(Path file) {
        List<String> mounts;
        try {
            mounts = Files.readAllLines(Path.of("/proc/self/mounts"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
        Path at = file.toAbsolutePath().normalize();
        Path dir = at.getParent();
        try { // the folder's real path: a symbolic link from a local home into NFS is NFS
            at = dir != null && Files.exists(dir) ? dir.toRealPath().resolve(at.getFileName()) : at;
        } catch (IOException e) {
            // as given
        }
        return networkType(at, mounts);
    }

    /** The network type of the longest mount point of {@code mounts} (lines of /proc/self/mounts) holding {@code path}. */
    static String networkType(Path path, List<String> mounts) {
        String best = null;
        int bestLength = -1;
        for (String line : mounts) {
            String[] f = line.split(" ");
            if (f.length < 3) {
                continue;
            }
            Path point = Path.of(f[1].replace("\\040", " "));
            if (path.startsWith(point) && point.toString().length() > bestLength) {
                bestLength = point.toString().length();
                best = f[2];
            }
        }
        return best != null && NETWORK.contains(best) ? best : null;
    }
}
