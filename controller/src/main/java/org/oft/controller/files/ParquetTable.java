package org.oft.controller.files;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A flat table as an Apache Parquet file (format 2 readers, parquet-format's thrift definitions): one row group,
 * a column chunk per column with one uncompressed data page (v1, PLAIN values, RLE definition levels), every column
 * OPTIONAL. A column's type comes from its values: BOOLEAN, INT64 (whole numbers), DOUBLE (any other number, or whole
 * and not mixed) or UTF-8 text (anything else). Small and dependency-free: a study's export is thousands of rows, which
 * a library with native code (DuckDB's 47 MB) is not needed for. pandas, R's arrow, Spark and DuckDB read it as it is.
 */
public final class ParquetTable {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    // parquet-format's enums
    private static final int BOOLEAN = 0;
    private static final int INT64 = 2;
    private static final int DOUBLE = 5;
    private static final int BYTE_ARRAY = 6;
    private static final int OPTIONAL = 1;
    private static final int UTF8 = 0;
    private static final int PLAIN = 0;
    private static final int RLE = 3;
    private static final int DATA_PAGE = 0;
    private static final int UNCOMPRESSED = 0;

    private ParquetTable() {
    }

    /** The file's bytes: {@code columns} in order, {@code rows} (a missing or null value is null). */
    public static byte[] of(List<String> columns, List<Map<String, Object>> rows) {
        Out file = new Out();
        file.bytes(MAGIC);
        List<byte[]> chunks = new ArrayList<>(); // the ColumnChunk structs, for the footer
        List<byte[]> schema = new ArrayList<>();
        long total = 0;
        for (String name : columns) {
            List<Object> values = new ArrayList<>(rows.size());
            for (Map<String, Object> r : rows) {
                values.add(r.get(name));
            }
            int type = typeOf(values);
            byte[] page = page(type, values);
            Out header = new Out();
            header.struct(() -> {
                header.i32Field(1, DATA_PAGE); // PageHeader.type
                header.i32Field(2, page.length); // uncompressed_page_size
                header.i32Field(3, page.length); // compressed_page_size
                header.structField(5, () -> { // data_page_header
                    header.i32Field(1, values.size()); // num_values
                    header.i32Field(2, PLAIN); // encoding
                    header.i32Field(3, RLE); // definition_level_encoding
                    header.i32Field(4, RLE); // repetition_level_encoding
                });
            });
            long offset = file.size();
            file.bytes(header.toBytes());
            file.bytes(page);
            long size = file.size() - offset;
            total += size;
            Out meta = new Out();
            meta.struct(() -> { // ColumnChunk
                meta.i64Field(2, offset); // file_offset
                meta.structField(3, () -> { // meta_data: ColumnMetaData
                    meta.i32Field(1, type);
                    meta.listField(2, 5, List.of(PLAIN, RLE), meta::i32); // encodings
                    meta.listField(3, 8, List.of(name), meta::string); // path_in_schema
                    meta.i32Field(4, UNCOMPRESSED); // codec
                    meta.i64Field(5, values.size()); // num_values
                    meta.i64Field(6, size); // total_uncompressed_size
                    meta.i64Field(7, size); // total_compressed_size
                    meta.i64Field(9, offset); // data_page_offset
                });
            });
            chunks.add(meta.toBytes());
            Out element = new Out();
            element.struct(() -> { // SchemaElement
                element.i32Field(1, type);
                element.i32Field(3, OPTIONAL); // repetition_type
                element.stringField(4, name);
                if (type == BYTE_ARRAY) {
                    element.i32Field(6, UTF8); // converted_type
                }
            });
            schema.add(element.toBytes());
        }
        long size = total;
        Out footer = new Out();
        footer.struct(() -> { // FileMetaData
            footer.i32Field(1, 1); // version
            footer.listHeader(2, 12, columns.size() + 1); // schema: the root, then a leaf per column
            footer.struct(() -> {
                footer.stringField(4, "schema"); // name
                footer.i32Field(5, columns.size()); // num_children
            });
            schema.forEach(footer::bytes);
            footer.i64Field(3, rows.size()); // num_rows
            footer.listHeader(4, 12, 1); // row_groups
            footer.struct(() -> { // RowGroup
                footer.listHeader(1, 12, columns.size()); // columns
                chunks.forEach(footer::bytes);
                footer.i64Field(2, size); // total_byte_size
                footer.i64Field(3, rows.size()); // num_rows
            });
            footer.stringField(6, "oftctl"); // created_by
        });
        byte[] f = footer.toBytes();
        file.bytes(f);
        file.le32(f.length);
        file.bytes(MAGIC);
        return file.toBytes();
    }

    /** The narrowest of BOOLEAN, INT64, DOUBLE that holds every value, else text (and text for a column with none). */
    static int typeOf(List<Object> values) {
        boolean bools = true;
        boolean wholes = true;
        boolean numbers = true;
        boolean any = false;
        for (Object v : values) {
            if (v == null) {
                continue;
            }
            any = true;
            bools &= v instanceof Boolean;
            numbers &= v instanceof Number;
            wholes &= v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
        }
        return !any ? BYTE_ARRAY : bools ? BOOLEAN : wholes ? INT64 : numbers ? DOUBLE : BYTE_ARRAY; // no value at all: text
    }

    /** Definition levels (RLE runs, length-prefixed), then the present values, PLAIN. */
    private static byte[] page(int type, List<Object> values) {
        Out levels = new Out();
        int i = 0;
        while (i < values.size()) { // runs of present (1) and missing (0)
            boolean present = values.get(i) != null;
            int j = i;
            while (j < values.size() && (values.get(j) != null) == present) {
                j++;
            }
            levels.varint((long) (j - i) << 1);
            levels.byte1(present ? 1 : 0);
            i = j;
        }
        Out page = new Out();
        page.le32((int) levels.size());
        page.bytes(levels.toBytes());
        int bit = 0;
        int acc = 0;
        for (Object v : values) {
            if (v == null) {
                continue;
            }
            switch (type) {
                case BOOLEAN -> {
                    acc |= ((Boolean) v ? 1 : 0) << bit;
                    if (++bit == 8) {
                        page.byte1(acc);
                        bit = 0;
                        acc = 0;
                    }
                }
                case INT64 -> page.le64(((Number) v).longValue());
                case DOUBLE -> page.le64(Double.doubleToLongBits(((Number) v).doubleValue()));
                default -> {
                    byte[] s = String.valueOf(v).getBytes(StandardCharsets.UTF_8);
                    page.le32(s.length);
                    page.bytes(s);
                }
            }
        }
        if (bit > 0) {
            page.byte1(acc);
        }
        return page.toBytes();
    }

    /** Bytes, with Thrift's compact protocol for the headers and the footer (field ids as deltas, zigzag varints). */
    private static final class Out {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream();

        long size() {
            return b.size();
        }

        byte[] toBytes() {
            return b.toByteArray();
        }

        void bytes(byte[] x) {
            b.writeBytes(x);
        }

        void byte1(int x) {
            b.write(x);
        }

        void le32(int x) {
            for (int k = 0; k < 4; k++) {
                b.write(x >>> (8 * k));
            }
        }

        void le64(long x) {
            for (int k = 0; k < 8; k++) {
                b.write((int) (x >>> (8 * k)));
            }
        }

        void varint(long x) {
            while ((x & ~0x7FL) != 0) {
                b.write((int) ((x & 0x7F) | 0x80));
                x >>>= 7;
            }
            b.write((int) x);
        }

        void zigzag(long x) {
            varint((x << 1) ^ (x >> 63));
        }

        /** The last field id written in each struct open, innermost first: a field header carries the difference. */
        private final java.util.ArrayDeque<Integer> last = new java.util.ArrayDeque<>(List.of(0));

        /** A field header: field {@code id} of the struct open, and its compact type. */
        void field(int id, int type) {
            int delta = id - last.pop();
            if (delta > 0 && delta <= 15) {
                b.write(delta << 4 | type);
            } else {
                b.write(type);
                zigzag(id);
            }
            last.push(id);
        }

        void i32(int x) {
            zigzag(x);
        }

        void string(String s) {
            byte[] x = s.getBytes(StandardCharsets.UTF_8);
            varint(x.length);
            bytes(x);
        }

        void i32Field(int id, int x) {
            field(id, 5);
            zigzag(x);
        }

        void i64Field(int id, long x) {
            field(id, 6);
            zigzag(x);
        }

        void stringField(int id, String s) {
            field(id, 8);
            string(s);
        }

        void structField(int id, Runnable body) {
            field(id, 12);
            struct(body);
        }

        /** A struct's fields, then its stop byte (as a list element, or nested in a struct field). */
        void struct(Runnable body) {
            last.push(0);
            body.run();
            last.pop();
            b.write(0);
        }

        void listHeader(int id, int elementType, int size) {
            field(id, 9);
            if (size < 15) {
                b.write(size << 4 | elementType);
            } else {
                b.write(0xF0 | elementType);
                varint(size);
            }
        }

        <T> void listField(int id, int elementType, List<T> items, java.util.function.Consumer<T> each) {
            listHeader(id, elementType, items.size());
            items.forEach(each);
        }
    }
}
