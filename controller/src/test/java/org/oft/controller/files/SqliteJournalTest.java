package org.oft.controller.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A results database or event log on a network file system keeps a rollback journal: WAL's shared memory is one host's. */
class SqliteJournalTest {
    private static final List<String> MOUNTS = List.of(
            "/dev/sda1 / ext4 rw,relatime 0 0",
            "nas:/export/home /home nfs4 rw,relatime,vers=4.2 0 0",
            "/dev/sdb1 /home/lab/scratch xfs rw 0 0",
            "mds@o2ib:/lustre /lustre lustre rw 0 0",
            "//srv/share /mnt/my\\040share cifs rw 0 0");

    @Test
    void theLongestMountPointHoldingTheFileDecides() {
        assertEquals("nfs4", SqliteJournal.networkType(Path.of("/home/lab/.oftctl/studies/first.db"), MOUNTS));
        assertNull(SqliteJournal.networkType(Path.of("/home/lab/scratch/first.db"), MOUNTS), "a local disk mounted inside the NFS home");
        assertNull(SqliteJournal.networkType(Path.of("/homework/first.db"), MOUNTS), "a name that only starts like a mount point");
        assertEquals("lustre", SqliteJournal.networkType(Path.of("/lustre/project/s.db"), MOUNTS));
        assertEquals("cifs", SqliteJournal.networkType(Path.of("/mnt/my share/s.db"), MOUNTS));
        assertNull(SqliteJournal.networkType(Path.of("/tmp/s.db"), MOUNTS));
    }

    @Test
    void aLocalFileKeepsWal() {
        assertEquals("WAL", SqliteJournal.modeFor(Path.of(System.getProperty("java.io.tmpdir"), "s.db")));
    }
}
